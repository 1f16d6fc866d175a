-- In-app-only events are recorded as notifications in the change's own transaction, as their
-- facts, worded when read (issue 21, docs/decisions/020-notifications.md): no outbox message
-- any more. sql/notifications_record_event.sql replaces sql/outbox_owe_notice.sql; its
-- triggers go first, so that the migrator can drop the old function.
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "facts" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_words_check"
  CHECK (("title" IS NOT NULL AND "body" IS NOT NULL) OR "facts" IS NOT NULL);--> statement-breakpoint
DROP TRIGGER IF EXISTS "chain_deposits_owe_notice" ON "chain_deposits";--> statement-breakpoint
DROP TRIGGER IF EXISTS "staking_positions_owe_notice" ON "staking_positions";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_owe_kyc_notice" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "chain_movements_owe_notice" ON "chain_movements";--> statement-breakpoint
-- Notices owed and not yet delivered become notifications now, as their handler would have made
-- them (a KYC decision already replaced by another is not told), and their messages are done.
INSERT INTO "notifications" ("user_id", "kind", "key", "facts")
SELECT u.id,
       CASE m.kind WHEN 'notify.settled' THEN 'purchase' ELSE substr(m.kind, 8) END,
       m.key,
       jsonb_build_object('event', substr(m.kind, 8)) || (m.payload - 'userId')
  FROM "outbox_messages" m
  JOIN "users" u ON u.id = (m.payload->>'userId')::uuid
 WHERE m.kind IN ('notify.deposit', 'notify.kyc', 'notify.staking', 'notify.settled')
   AND m.sent_at IS NULL
   AND (m.kind <> 'notify.kyc' OR u.kyc_status::text = m.payload->>'status')
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
UPDATE "outbox_messages" SET "sent_at" = now(), "claimed_until" = NULL
 WHERE "kind" IN ('notify.deposit', 'notify.kyc', 'notify.staking', 'notify.settled') AND "sent_at" IS NULL;

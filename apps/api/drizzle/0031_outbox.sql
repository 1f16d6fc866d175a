-- One outbox for every message owed (docs/decisions/014-outbox.md). A message is written in the
-- transaction of the change that owes it, under a key of its own (owing it again is a no-op),
-- and sent by one claiming sender (platform/outbox): claimed rows carry a lease of seconds, so a
-- sender that dies repeats a message at most once, when its lease ends, and never loses one.
-- This replaces the mail columns of eight tables and their sweeps (migrations 0020, 0024-0028).
-- The functions that owe (outbox_owe, and the triggers that owe status mails) and the NOTIFY
-- that wakes the senders are in sql/outbox_*.sql.
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_key_unique" UNIQUE("key")
);
--> statement-breakpoint
-- The sender's look costs the unsent messages only: sent ones leave this index.
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("available_at") WHERE "outbox_messages"."sent_at" IS NULL;
--> statement-breakpoint
-- Debts owed before this migration become messages first, so an upgrade loses none: what the
-- old columns said was owed and not marked sent.
INSERT INTO outbox_messages (kind, key, payload)
SELECT 'gae.termination', 'gae.termination:' || id || ':' || status, jsonb_build_object('id', id, 'status', status)
  FROM gae_terminations WHERE status IN ('requested', 'approved', 'rejected') AND mailed_status IS DISTINCT FROM status
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO outbox_messages (kind, key, payload)
SELECT 'usdau.request', 'usdau.request:' || id || ':' || status, jsonb_build_object('id', id, 'status', status)
  FROM usdau_requests WHERE status IN ('requested', 'approved', 'rejected') AND mailed_status IS DISTINCT FROM status
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO outbox_messages (kind, key, payload)
SELECT 'referrals.reward-request', 'referrals.reward-request:' || id || ':' || status, jsonb_build_object('id', id, 'status', status)
  FROM reward_requests WHERE status IN ('approved', 'rejected') AND mailed_status IS DISTINCT FROM status
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO outbox_messages (kind, key, payload)
SELECT 'payments.credited', 'payments.credited:' || id || ':' || status, jsonb_build_object('id', id, 'status', status)
  FROM payments WHERE status = 'credited' AND mailed_status IS DISTINCT FROM 'credited'
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO outbox_messages (kind, key, payload)
SELECT 'payments.remittance', 'payments.remittance:' || id, jsonb_build_object('id', id)
  FROM remittances WHERE mailed_at IS NULL
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO outbox_messages (kind, key, payload)
SELECT 'gae.auto-save-skipped', 'gae.auto-save-skipped:' || plan_id || ':' || period,
       jsonb_build_object('planId', plan_id, 'period', period)
  FROM gae_auto_save_runs WHERE outcome = 'skipped' AND mailed_at IS NULL
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO outbox_messages (kind, key, payload)
SELECT 'support.message', 'support.message:' || id, jsonb_build_object('id', id)
  FROM support_messages WHERE mailed_at IS NULL
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO outbox_messages (kind, key, payload)
SELECT 'support.ticket-closed', 'support.ticket-closed:' || id, jsonb_build_object('id', id)
  FROM support_tickets WHERE status = 'closed' AND close_mailed_at IS NULL
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO outbox_messages (kind, key, payload)
SELECT 'ges.lifecycle', 'ges.lifecycle:' || membership_id || ':' || event || ':' || seq,
       jsonb_build_object('membershipId', membership_id, 'event', event, 'seq', seq)
  FROM ges_mails WHERE mailed_at IS NULL
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- Account mails had no debt of their own: their pg-boss jobs were it. Those not yet done become
-- messages (same payloads: a user id, or the address and name of a taken username). A database
-- where pg-boss never started has none.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    INSERT INTO outbox_messages (kind, key, payload)
    SELECT kind, kind || ':upgrade:' || id, COALESCE(data, '{}'::jsonb)
      FROM (SELECT 'auth.' || substr(name, length('mail.') + 1) AS kind, id, data
               FROM pgboss.job
              WHERE name IN ('mail.email-verification', 'mail.password-reset', 'mail.registration-attempt',
                             'mail.username-taken', 'mail.account-locked')
                AND state::text IN ('created', 'retry', 'active')) AS owed
    ON CONFLICT (key) DO NOTHING;
  END IF;
END
$$;
--> statement-breakpoint
-- The old debts' columns and sweeps' claims (their partial indexes go with them).
ALTER TABLE "gae_terminations" DROP COLUMN "mailed_status", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "usdau_requests" DROP COLUMN "mailed_status", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "reward_requests" DROP COLUMN "mailed_status", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "mailed_status", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "remittances" DROP COLUMN "mailed_at", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "gae_auto_save_runs" DROP COLUMN "mailed_at", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "support_messages" DROP COLUMN "mailed_at", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "support_tickets" DROP COLUMN "close_mailed_at", DROP COLUMN "close_mail_swept_at";
--> statement-breakpoint
-- GES's operations owe their lifecycle mails through outbox_owe (sql/money_op_ges_*.sql); their
-- old outbox goes.
DROP TABLE "ges_mails";

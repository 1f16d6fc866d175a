-- Lists page by key (CONVENTIONS.md): every list's sort key (owner, timestamp, id) is an index,
-- so a page is one range scan from the cursor whatever the history's length.
--
-- The customer history: newest first, all types or one. The old (user_id, type, created_at)
-- index is a prefix of the typed one and goes.
CREATE INDEX IF NOT EXISTS "transactions_user_created_id_idx" ON "transactions" ("user_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_user_type_created_id_idx" ON "transactions" ("user_id", "type", "created_at", "id");
--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_user_type_created_idx";
--> statement-breakpoint
-- GET /rewards: a beneficiary's rewards, newest first.
CREATE INDEX IF NOT EXISTS "referral_rewards_beneficiary_created_idx" ON "referral_rewards" ("beneficiary_id", "created_at", "id");
--> statement-breakpoint
-- The operator's identity-review queue, by the queue an applicant is in. The queue follows from
-- the applicant's review alone, as users.kyc_status does (kyc.rules.ts kycStatusFor), so it is a
-- generated column the queue index can hold.
ALTER TABLE "kyc_applicants" ADD COLUMN "queue" text GENERATED ALWAYS AS (
  CASE
    WHEN "review_status" = 'completed' AND "review_answer" = 'GREEN' THEN 'verified'
    WHEN "review_status" = 'completed' AND "review_answer" = 'RED' THEN 'rejected'
    WHEN "review_status" = 'completed'
      OR "review_status" IN ('pending', 'queued', 'onHold', 'prechecked', 'awaitingService', 'awaitingUser') THEN 'pending'
    ELSE 'not-submitted'
  END) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "kyc_applicants_queue_idx" ON "kyc_applicants" ("queue", "updated_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "kyc_applicants_updated_idx" ON "kyc_applicants" ("updated_at", "id");
--> statement-breakpoint
-- GET /affiliates without summing the downline per call: each member of a customer's downline
-- (three levels), written at the member's registration with the volume of their purchases that
-- rewarded the customer, added where the rewards are credited (referral_rewards_credit).
CREATE TABLE "affiliate_members" (
	"upline_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"member_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"level" integer NOT NULL CHECK ("level" BETWEEN 1 AND 3),
	"joined_at" timestamp with time zone NOT NULL,
	"volume_usdt" numeric(78, 0) DEFAULT 0 NOT NULL,
	PRIMARY KEY ("upline_id", "member_id")
);
--> statement-breakpoint
CREATE INDEX "affiliate_members_page_idx" ON "affiliate_members" ("upline_id", "level", "joined_at", "member_id");
--> statement-breakpoint
-- Per customer and level: how many members (written at registrations only) ...
CREATE TABLE "affiliate_levels" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"level" integer NOT NULL CHECK ("level" BETWEEN 1 AND 3),
	"members" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("user_id", "level")
);
--> statement-breakpoint
-- ... and the purchase volume that rewarded the customer (written by purchases only). Two
-- tables, so that a registration and a purchase never wait on the same row: a purchase reaches
-- these rows holding its uplines' account locks (money_execute_batch), a registration holds none.
CREATE TABLE "affiliate_volumes" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"level" integer NOT NULL CHECK ("level" BETWEEN 1 AND 3),
	"volume_usdt" numeric(78, 0) DEFAULT 0 NOT NULL,
	PRIMARY KEY ("user_id", "level")
);
--> statement-breakpoint
-- The counters start from the truth as it stands.
INSERT INTO "affiliate_members" ("upline_id", "member_id", "level", "joined_at")
WITH RECURSIVE up(member_id, upline_id, level) AS (
  SELECT u.id, u.upline_id, 1 FROM users u WHERE u.upline_id IS NOT NULL
  UNION ALL
  SELECT up.member_id, u.upline_id, up.level + 1 FROM up JOIN users u ON u.id = up.upline_id
   WHERE up.level < 3 AND u.upline_id IS NOT NULL)
SELECT up.upline_id, up.member_id, up.level, m.created_at FROM up JOIN users m ON m.id = up.member_id;
--> statement-breakpoint
UPDATE "affiliate_members" a SET "volume_usdt" = v.total
  FROM (SELECT beneficiary_id, source_user_id, sum(purchase_usdt) AS total FROM referral_rewards
         WHERE split_from IS NULL GROUP BY beneficiary_id, source_user_id) v
 WHERE a.upline_id = v.beneficiary_id AND a.member_id = v.source_user_id;
--> statement-breakpoint
INSERT INTO "affiliate_levels" ("user_id", "level", "members")
SELECT upline_id, level, count(*) FROM affiliate_members GROUP BY upline_id, level;
--> statement-breakpoint
INSERT INTO "affiliate_volumes" ("user_id", "level", "volume_usdt")
SELECT upline_id, level, sum(volume_usdt) FROM affiliate_members GROUP BY upline_id, level HAVING sum(volume_usdt) > 0;

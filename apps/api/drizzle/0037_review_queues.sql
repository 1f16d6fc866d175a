-- The operator review queues (platform/review): each pages by key, the open requests oldest
-- first and the decisions latest first; an index per view serves a page as one range scan.
-- A bank account's operator decision is now dated like every other review's.
ALTER TABLE "bank_accounts" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bank_accounts" SET "decided_at" = coalesce("verified_at", "created_at") WHERE "decided_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "gae_terminations_open_idx" ON "gae_terminations" USING btree ("requested_at","id") WHERE "gae_terminations"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "gae_terminations_decided_idx" ON "gae_terminations" USING btree ("decided_at","id") WHERE "gae_terminations"."decided_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "usdau_requests_open_idx" ON "usdau_requests" USING btree ("created_at","id") WHERE "usdau_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "usdau_requests_decided_idx" ON "usdau_requests" USING btree ("decided_at","id") WHERE "usdau_requests"."decided_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reward_requests_open_idx" ON "reward_requests" USING btree ("created_at","id") WHERE "reward_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reward_requests_decided_idx" ON "reward_requests" USING btree ("decided_at","id") WHERE "reward_requests"."decided_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "bank_accounts_review_idx";--> statement-breakpoint
CREATE INDEX "bank_accounts_review_idx" ON "bank_accounts" USING btree ("created_at","id") WHERE "bank_accounts"."status" = 'review';--> statement-breakpoint
CREATE INDEX "bank_accounts_decided_idx" ON "bank_accounts" USING btree ("decided_at","id") WHERE "bank_accounts"."decided_at" IS NOT NULL;

-- Mails about a request's status survive a crash (GAE terminations, USDAU requests, reward
-- payouts; jobs/status-mails.ts): each row records the status its customer was last mailed
-- about, and one whose status differs owes a mail, which a sweep queues after a minute.
-- Rows from before this migration were mailed (or were past mailing): marked so.
ALTER TABLE "gae_terminations" ADD COLUMN "mailed_status" text;--> statement-breakpoint
ALTER TABLE "reward_requests" ADD COLUMN "mailed_status" text;--> statement-breakpoint
ALTER TABLE "usdau_requests" ADD COLUMN "mailed_status" text;--> statement-breakpoint
CREATE INDEX "gae_terminations_unmailed_idx" ON "gae_terminations" USING btree ("requested_at") WHERE "gae_terminations"."mailed_status" IS DISTINCT FROM "gae_terminations"."status";--> statement-breakpoint
CREATE INDEX "reward_requests_unmailed_idx" ON "reward_requests" USING btree ("created_at") WHERE "reward_requests"."mailed_status" IS DISTINCT FROM "reward_requests"."status";--> statement-breakpoint
CREATE INDEX "usdau_requests_unmailed_idx" ON "usdau_requests" USING btree ("created_at") WHERE "usdau_requests"."mailed_status" IS DISTINCT FROM "usdau_requests"."status";--> statement-breakpoint
UPDATE "gae_terminations" SET "mailed_status" = "status";--> statement-breakpoint
UPDATE "reward_requests" SET "mailed_status" = "status";--> statement-breakpoint
UPDATE "usdau_requests" SET "mailed_status" = "status";

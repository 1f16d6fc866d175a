-- Support mails survive a crash (issue 13, "every step mailed"): each message row, and a closed
-- ticket, records when its mails went out; the content sweep queues any left owed for a minute.
-- Messages and closes from before this migration were mailed (or were past mailing): marked so,
-- or the first sweep would send every old mail again.
ALTER TABLE "support_messages" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "close_mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "support_messages_unmailed_idx" ON "support_messages" USING btree ("created_at") WHERE "support_messages"."mailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "support_tickets_close_unmailed_idx" ON "support_tickets" USING btree ("updated_at") WHERE "support_tickets"."status" = 'closed' AND "support_tickets"."close_mailed_at" IS NULL;--> statement-breakpoint
UPDATE "support_messages" SET "mailed_at" = "created_at";--> statement-breakpoint
UPDATE "support_tickets" SET "close_mailed_at" = "updated_at" WHERE "status" = 'closed';

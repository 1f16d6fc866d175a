-- Sweeps of owed mails claim what they queue (jobs/status-mails.ts, the support and auto-save
-- sweeps): two processes sweeping at the same moment found the same old debt and both queued
-- it, and both jobs sent it (pg-boss's singleton keys do not dedupe on a standard queue).
ALTER TABLE "gae_auto_save_runs" ADD COLUMN "mail_swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gae_terminations" ADD COLUMN "mail_swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reward_requests" ADD COLUMN "mail_swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usdau_requests" ADD COLUMN "mail_swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "mail_swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "close_mail_swept_at" timestamp with time zone;
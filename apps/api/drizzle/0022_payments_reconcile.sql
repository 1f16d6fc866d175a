DROP INDEX "payments_open_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconcile_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconcile_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_due_idx" ON "payments" USING btree (coalesce("reconcile_after", "expires_at")) WHERE "payments"."status" = 'pending';
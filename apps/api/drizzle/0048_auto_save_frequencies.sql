-- Recurring savings (issue 25 part 3): the GAE auto-save buys daily, weekly (on a weekday 1-7,
-- 1 = Monday) or monthly (on a day 1-28), with an optional monthly cap, and can be paused.
-- Every plan with an auto-save today is monthly: its rows keep their meaning.
ALTER TABLE "gae_plans" ADD COLUMN "auto_save_frequency" text;
--> statement-breakpoint
ALTER TABLE "gae_plans" ADD COLUMN "auto_save_cap" numeric(78, 0);
--> statement-breakpoint
ALTER TABLE "gae_plans" ADD COLUMN "auto_save_paused" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "gae_plans" SET "auto_save_frequency" = 'monthly' WHERE "auto_save_amount" IS NOT NULL;
--> statement-breakpoint
-- `auto_save_day` is the day in the period: the day of the month (monthly, 1-28), the ISO
-- weekday (weekly, 1-7), none (daily). An auto-save has an amount and a frequency, or neither.
ALTER TABLE "gae_plans" DROP CONSTRAINT "gae_plans_auto_save";
--> statement-breakpoint
ALTER TABLE "gae_plans" ADD CONSTRAINT "gae_plans_auto_save" CHECK (
  ("auto_save_amount" IS NULL) = ("auto_save_frequency" IS NULL)
  AND ("auto_save_frequency" IS NULL OR "auto_save_frequency" IN ('daily', 'weekly', 'monthly'))
  AND CASE "auto_save_frequency"
        WHEN 'monthly' THEN "auto_save_day" BETWEEN 1 AND 28
        WHEN 'weekly' THEN "auto_save_day" BETWEEN 1 AND 7
        ELSE "auto_save_day" IS NULL
      END IS NOT FALSE
  AND ("auto_save_frequency" IS NULL OR "auto_save_frequency" = 'daily' OR "auto_save_day" IS NOT NULL)
  AND ("auto_save_cap" IS NULL OR "auto_save_cap" >= "auto_save_amount")
  -- A paused auto-save has no next day: resuming computes it from the day it resumes.
  AND (NOT "auto_save_paused" OR "auto_save_next" IS NULL)
);
--> statement-breakpoint
-- The due pass reads only plans whose day has come: active, not paused, by (next day, id),
-- a page at a time from where the last page ended.
DROP INDEX IF EXISTS "gae_plans_auto_save_due";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gae_plans_auto_save_due" ON "gae_plans" ("auto_save_next", "id")
  WHERE "auto_save_next" IS NOT NULL AND "status" = 'active' AND NOT "auto_save_paused";
--> statement-breakpoint
-- A run row stays the exactly-once guard of (plan, period); the period key now names its
-- frequency's period: a day 'YYYY-MM-DD', an ISO week 'YYYY-Www' or a month 'YYYY-MM' (the
-- rows so far). Each row also says what it spent and bought, and why it skipped; its
-- created_at is when it ran (the job's clock) and its id, with that time, its key in a page.
ALTER TABLE "gae_auto_save_runs" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;
--> statement-breakpoint
ALTER TABLE "gae_auto_save_runs" ADD CONSTRAINT "gae_auto_save_runs_id_unique" UNIQUE ("id");
--> statement-breakpoint
ALTER TABLE "gae_auto_save_runs" ADD COLUMN "frequency" text DEFAULT 'monthly' NOT NULL;
--> statement-breakpoint
ALTER TABLE "gae_auto_save_runs" ADD COLUMN "reason" text;
--> statement-breakpoint
ALTER TABLE "gae_auto_save_runs" ADD COLUMN "amount_usdt" numeric(78, 0);
--> statement-breakpoint
ALTER TABLE "gae_auto_save_runs" ADD COLUMN "grams" numeric(78, 0);
--> statement-breakpoint
-- The runs so far: their figures from their purchase, a skip's reason the only one there was
-- (a short balance).
UPDATE "gae_auto_save_runs" r SET
  "reason" = CASE WHEN r."outcome" = 'skipped' THEN 'balance' END,
  "amount_usdt" = (SELECT t."amount_in" FROM "transactions" t WHERE t."id" = r."transaction_id"),
  "grams" = (SELECT t."amount_out" FROM "transactions" t WHERE t."id" = r."transaction_id");
--> statement-breakpoint
ALTER TABLE "gae_auto_save_runs" ALTER COLUMN "frequency" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "gae_auto_save_runs" ADD CONSTRAINT "gae_auto_save_runs_period" CHECK (
  ("frequency" = 'daily' AND "period" ~ '^\d{4}-\d{2}-\d{2}$')
  OR ("frequency" = 'weekly' AND "period" ~ '^\d{4}-W\d{2}$')
  OR ("frequency" = 'monthly' AND "period" ~ '^\d{4}-\d{2}$')
);
--> statement-breakpoint
ALTER TABLE "gae_auto_save_runs" ADD CONSTRAINT "gae_auto_save_runs_reason" CHECK (
  CASE "outcome" WHEN 'skipped' THEN "reason" IN ('balance', 'cap') ELSE "reason" IS NULL END
);
--> statement-breakpoint
-- The plan's runs newest first (the screen's last outcomes, paged by key) and a month's
-- purchases (the cap): one range of this index each.
CREATE INDEX IF NOT EXISTS "gae_auto_save_runs_plan_key_idx" ON "gae_auto_save_runs" ("plan_id", "created_at", "id");

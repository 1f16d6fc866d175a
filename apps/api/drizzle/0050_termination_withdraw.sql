-- A customer may withdraw a GAE termination request while it waits for review (issue 23,
-- problem 3): the request ends 'withdrawn' and the locked grams return to the plan
-- (sql/money_op_gae_termination_withdraw.sql).
ALTER TABLE "gae_terminations" DROP CONSTRAINT IF EXISTS "gae_terminations_status";--> statement-breakpoint
ALTER TABLE "gae_terminations" ADD CONSTRAINT "gae_terminations_status" CHECK ("status" IN ('requested', 'approved', 'rejected', 'withdrawn'));

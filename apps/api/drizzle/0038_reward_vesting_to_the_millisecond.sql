-- A reward vests at an instant the API can name: to the millisecond, as a JavaScript Date holds
-- it. With microseconds, a claim sent at the millisecond the screen called claimable could
-- fall before the stored instant and be refused.
UPDATE "referral_rewards" SET "vests_at" = date_trunc('milliseconds', "vests_at")
 WHERE "vests_at" <> date_trunc('milliseconds', "vests_at");--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_vests_to_the_ms"
  CHECK ("vests_at" = date_trunc('milliseconds', "vests_at"));

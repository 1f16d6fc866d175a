-- GET /rewards answered its totals per status by summing every reward the customer ever had
-- (a referrer with a large downline has tens of thousands). The sums are kept instead, per
-- beneficiary and stored status, by the reward rows' own changes (sql/referral_reward_totals.sql),
-- in the transaction that changes them. 'claimable' is not a stored status (a vesting reward
-- whose date has passed): it is the stored vesting total less the rewards still vesting, a range
-- of the beneficiary index bounded by the vesting period, not by the history.
CREATE TABLE "referral_reward_totals" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"status" text NOT NULL,
	"amount" numeric(78, 0) DEFAULT 0 NOT NULL,
	PRIMARY KEY ("user_id", "status")
);
--> statement-breakpoint
-- No CHECK on the amount: a change is applied as an upsert of its delta, and PostgreSQL checks
-- the proposed row (a negative delta) before it finds the conflict.
--> statement-breakpoint
-- The totals start from the truth as it stands.
INSERT INTO "referral_reward_totals" ("user_id", "status", "amount")
SELECT "beneficiary_id", "status", sum("amount") FROM "referral_rewards" GROUP BY "beneficiary_id", "status";

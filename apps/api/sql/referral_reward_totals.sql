-- Each customer's rewards summed per stored status, kept by the reward rows' changes (credit,
-- split, claim, sale, payout request and decision, reversal) in their own transaction, so
-- GET /rewards reads a few rows instead of summing every reward. Per statement, over the
-- changed rows as a set: what leaves a status is taken from it, what enters is added (a split
-- moves nothing). The rows change under the beneficiary's account locks (the money engine's),
-- in key order, so two operations never wait on each other's total rows in opposite orders.
CREATE OR REPLACE FUNCTION referral_reward_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO referral_reward_totals AS t (user_id, status, amount)
    SELECT beneficiary_id, status, sum(amount) FROM rewards_new GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, status) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO referral_reward_totals AS t (user_id, status, amount)
    SELECT beneficiary_id, status, sum(amount) FROM (
      SELECT beneficiary_id, status, amount FROM rewards_new
      UNION ALL
      SELECT beneficiary_id, status, -amount FROM rewards_old) d
     GROUP BY 1, 2 HAVING sum(amount) <> 0 ORDER BY 1, 2
    ON CONFLICT (user_id, status) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSE
    UPDATE referral_reward_totals t SET amount = t.amount - d.amount
      FROM (SELECT beneficiary_id, status, sum(amount) AS amount FROM rewards_old GROUP BY 1, 2) d
     WHERE t.user_id = d.beneficiary_id AND t.status = d.status;
  END IF;
  RETURN NULL;
END
$$;

-- A trigger with transition tables answers one event: three triggers, one function.
CREATE OR REPLACE TRIGGER referral_rewards_totals_insert AFTER INSERT ON referral_rewards
  REFERENCING NEW TABLE AS rewards_new FOR EACH STATEMENT EXECUTE FUNCTION referral_reward_totals();
CREATE OR REPLACE TRIGGER referral_rewards_totals_update AFTER UPDATE ON referral_rewards
  REFERENCING OLD TABLE AS rewards_old NEW TABLE AS rewards_new FOR EACH STATEMENT EXECUTE FUNCTION referral_reward_totals();
CREATE OR REPLACE TRIGGER referral_rewards_totals_delete AFTER DELETE ON referral_rewards
  REFERENCING OLD TABLE AS rewards_old FOR EACH STATEMENT EXECUTE FUNCTION referral_reward_totals();

-- The caller's vested rewards, oldest first, covering `amount` exactly: a reward that covers
-- more than what remains is split in two (the rest stays vested), so amounts never round.
CREATE OR REPLACE FUNCTION referral_rewards_take(p_user uuid, p_amount numeric, p_now timestamptz) RETURNS uuid[]
LANGUAGE plpgsql AS $$
DECLARE
  reward referral_rewards;
  remaining numeric := p_amount;
  taken uuid[] := '{}';
BEGIN
  FOR reward IN SELECT * FROM referral_rewards
                 WHERE beneficiary_id = p_user AND status = 'vesting' AND vests_at <= p_now
                 ORDER BY vests_at, id FOR UPDATE LOOP
    EXIT WHEN remaining <= 0;
    IF reward.amount > remaining THEN
      INSERT INTO referral_rewards (beneficiary_id, source_user_id, source_transaction_id, source_type, source_code, level,
                                    purchase_usdt, amount, entry_id, vests_at, created_at, split_from)
      VALUES (reward.beneficiary_id, reward.source_user_id, reward.source_transaction_id, reward.source_type,
              reward.source_code, reward.level, reward.purchase_usdt, reward.amount - remaining, reward.entry_id,
              reward.vests_at, reward.created_at, reward.id);
      UPDATE referral_rewards SET amount = remaining, updated_at = clock_timestamp() WHERE id = reward.id;
    END IF;
    taken := taken || reward.id;
    remaining := remaining - least(reward.amount, remaining);
  END LOOP;
  IF remaining > 0 THEN
    RETURN NULL;
  END IF;
  RETURN taken;
END
$$;

-- A purchase the chain finally refused takes its unclaimed rewards back with it. A reward
-- already claimed, sold or paid stays with its owner: the platform bears that loss, and the
-- reversal says so in the transaction's failure reason via money_compensate's caller.
CREATE OR REPLACE FUNCTION referral_rewards_reverse(p_transaction uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lines jsonb;
  total numeric;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('owner', r.beneficiary_id, 'purpose', 'rewards', 'asset', 'QMGT',
                                      'amount', (-r.amount)::text)), sum(r.amount)
    INTO lines, total
    FROM referral_rewards r
   WHERE r.source_transaction_id = p_transaction AND r.status = 'vesting';
  IF total IS NULL THEN
    RETURN;
  END IF;
  PERFORM ledger_post('referral.reward_reversal', p_transaction::text, lines || jsonb_build_array(
    jsonb_build_object('owner', NULL, 'purpose', 'rewards_pool', 'asset', 'QMGT', 'amount', total::text)));
  UPDATE referral_rewards SET status = 'reversed', updated_at = clock_timestamp()
   WHERE source_transaction_id = p_transaction AND status = 'vesting';
END
$$;

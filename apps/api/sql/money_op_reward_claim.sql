-- Operation "reward_claim": one vested reward of the caller to their available QMGT (minted).
CREATE OR REPLACE FUNCTION money_op_reward_claim(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  reward referral_rewards;
  answer jsonb := review_claim('referral_rewards', (p_op->>'rewardId')::uuid, customer, 'vesting',
                               'Reward not found.', 'This reward was already %s.', 'beneficiary_id');
BEGIN
  IF answer IS NOT NULL THEN
    RETURN answer;
  END IF;
  SELECT * INTO reward FROM referral_rewards WHERE id = (p_op->>'rewardId')::uuid;
  IF reward.vests_at > (p_op->>'now')::timestamptz THEN
    RETURN money_refusal(409, 'ConflictError', format('This reward vests on %s: it can be claimed from then.',
      to_char(reward.vests_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')));
  END IF;
  answer := money_book('referral.claim', reward.id::text, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'rewards', 'asset', 'QMGT', 'amount', (-reward.amount)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'QMGT', 'amount', reward.amount::text)),
    jsonb_build_object('userId', customer, 'type', 'REWARD', 'code', p_op->>'code', 'assetOut', 'QMGT',
      'amountOut', reward.amount::text));
  UPDATE referral_rewards SET status = 'claimed', settled_transaction_id = (answer->'transaction'->>'id')::uuid,
         updated_at = clock_timestamp()
   WHERE id = reward.id;
  RETURN answer;
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('reward_claim', 'money_op_reward_claim', false, NULL);

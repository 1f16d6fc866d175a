-- Operation "reward_payout_decide": an operator pays a request (its rewards to the customer's
-- available QMGT, minted) or rejects it (the rewards are vested again).
CREATE OR REPLACE FUNCTION money_op_reward_payout_decide(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  request reward_requests;
  answer jsonb := review_claim('reward_requests', (p_op->>'requestId')::uuid, customer, 'pending',
                               'Reward request not found.', 'This reward request was already %s.');
BEGIN
  IF answer IS NOT NULL THEN
    RETURN answer;
  END IF;
  SELECT * INTO request FROM reward_requests WHERE id = (p_op->>'requestId')::uuid;
  IF p_op->>'decision' = 'reject' THEN
    UPDATE referral_rewards SET status = 'vesting', request_id = NULL, updated_at = clock_timestamp()
     WHERE request_id = request.id;
    PERFORM review_settle('reward_requests', request.id, 'rejected', p_op);
    RETURN jsonb_build_object('status', 200, 'requestId', request.id);
  END IF;
  answer := money_book('referral.payout', request.id::text, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'rewards', 'asset', 'QMGT', 'amount', (-request.amount)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'QMGT', 'amount', request.amount::text)),
    jsonb_build_object('userId', customer, 'type', 'REWARD', 'code', request.code, 'assetOut', 'QMGT',
      'amountOut', request.amount::text));
  UPDATE referral_rewards SET status = 'paid', settled_transaction_id = (answer->'transaction'->>'id')::uuid,
         updated_at = clock_timestamp()
   WHERE request_id = request.id;
  PERFORM review_settle('reward_requests', request.id, 'approved', p_op);
  UPDATE reward_requests SET transaction_id = (answer->'transaction'->>'id')::uuid WHERE id = request.id;
  RETURN answer || jsonb_build_object('requestId', request.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('reward_payout_decide', 'money_op_reward_payout_decide', false, NULL);

-- What an operator's decision on a reward payout request books (review_decide's booking for
-- reward_requests). A payment: the request's rewards go to the customer's available QMGT
-- (minted) and are paid. A rejection: the rewards are vesting again, free of the request.
CREATE OR REPLACE FUNCTION reward_request_booking(p_request reward_requests, p_op jsonb, p_status text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := p_request.user_id;
  answer jsonb;
BEGIN
  IF p_status <> 'approved' THEN
    UPDATE referral_rewards SET status = 'vesting', request_id = NULL, updated_at = clock_timestamp()
     WHERE request_id = p_request.id;
    RETURN NULL;
  END IF;
  answer := money_book('referral.payout', p_request.id::text, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'rewards', 'asset', 'QMGT', 'amount', (-p_request.amount)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'QMGT', 'amount', p_request.amount::text)),
    jsonb_build_object('userId', customer, 'type', 'REWARD', 'code', p_request.code, 'assetOut', 'QMGT',
      'amountOut', p_request.amount::text));
  UPDATE referral_rewards SET status = 'paid', settled_transaction_id = (answer->'transaction'->>'id')::uuid,
         updated_at = clock_timestamp()
   WHERE request_id = p_request.id;
  UPDATE reward_requests SET transaction_id = (answer->'transaction'->>'id')::uuid WHERE id = p_request.id;
  RETURN answer;
END
$$;

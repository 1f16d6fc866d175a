-- Operation "reward_payout_request": vested rewards worth `amount` wait for an operator.
CREATE OR REPLACE FUNCTION money_op_reward_payout_request(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  taken uuid[];
  new_request uuid := gen_random_uuid();
BEGIN
  taken := referral_rewards_take(customer, (p_op->>'amount')::numeric, (p_op->>'now')::timestamptz);
  IF taken IS NULL THEN
    RETURN money_refusal(422, 'InsufficientFundsError', 'You have fewer vested rewards than that.', jsonb_build_object('asset', 'QMGT'));
  END IF;
  INSERT INTO reward_requests (id, code, user_id, amount, created_at)
  VALUES (new_request, p_op->>'code', customer, (p_op->>'amount')::numeric, (p_op->>'now')::timestamptz);
  UPDATE referral_rewards SET status = 'requested', request_id = new_request, updated_at = clock_timestamp()
   WHERE id = ANY (taken);
  RETURN jsonb_build_object('status', 200, 'requestId', new_request);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('reward_payout_request', 'money_op_reward_payout_request', false, NULL);

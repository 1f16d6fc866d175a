-- Operation "reward_sell": vested rewards sold for USDT at the sell price the API computed,
-- refused below the least USDT the customer accepted. The QMGT goes back to the issuer
-- without ever reaching the chain.
CREATE OR REPLACE FUNCTION money_op_reward_sell(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  taken uuid[];
  sold numeric := (p_op->>'amountIn')::numeric;
  answer jsonb;
BEGIN
  IF (p_op->>'amountOut')::numeric < (p_op->>'minAmountOut')::numeric THEN
    RETURN money_refusal(422, 'PriceMovedError',
      'The sell price moved: you would receive less than the minimum you accepted. Check the new price and try again.',
      jsonb_build_object('amountOut', p_op->>'amountOut'));
  END IF;
  taken := referral_rewards_take(customer, sold, (p_op->>'now')::timestamptz);
  IF taken IS NULL THEN
    RETURN money_refusal(422, 'InsufficientFundsError', 'You have fewer vested rewards than that.', jsonb_build_object('asset', 'QMGT'));
  END IF;
  answer := money_book('referral.sell', NULL, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'rewards', 'asset', 'QMGT', 'amount', (-sold)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'rewards_pool', 'asset', 'QMGT', 'amount', sold::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDT',
                         'amount', (-((p_op->>'amountOut')::numeric + (p_op->>'fee')::numeric))::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'USDT', 'amount', p_op->>'amountOut'))
    || CASE WHEN (p_op->>'fee')::numeric > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'USDT', 'amount', p_op->>'fee'))
         ELSE '[]'::jsonb END,
    jsonb_build_object('userId', customer, 'type', 'REWARD', 'code', p_op->>'code', 'assetIn', 'QMGT',
      'amountIn', sold::text, 'assetOut', 'USDT', 'amountOut', p_op->>'amountOut', 'price', p_op->>'price',
      'fee', p_op->>'fee', 'feeAsset', 'USDT'));
  UPDATE referral_rewards SET status = 'sold', settled_transaction_id = (answer->'transaction'->>'id')::uuid,
         updated_at = clock_timestamp()
   WHERE id = ANY (taken);
  RETURN answer;
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('reward_sell', 'money_op_reward_sell', false, NULL);

-- Books a purchase into the customer's plan, opening it when they have none. Refuses a GAEX
-- without an open plan and any purchase while a termination is pending.
CREATE OR REPLACE FUNCTION gae_book_purchase(p_op jsonb, p_kind text, p_usdt numeric, p_grams numeric, p_fee numeric, p_price numeric)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  plan gae_plans;
  answer jsonb;
BEGIN
  SELECT * INTO plan FROM gae_plans WHERE user_id = customer AND status <> 'terminated' FOR UPDATE;
  IF plan.id IS NULL AND p_kind = 'GAEX' THEN
    RETURN money_refusal(409, 'ConflictError', 'A GAE Extra top-up needs an open GAE plan. Open your plan with a GAE purchase first.');
  END IF;
  IF plan.status = 'terminating' THEN
    RETURN money_refusal(409, 'ConflictError', 'Your GAE plan has a termination request pending: purchases are paused until it is decided.');
  END IF;
  IF NOT money_can_pay(customer, 'USDT', p_usdt) THEN
    RETURN money_refusal(422, 'InsufficientFundsError', 'Insufficient USDT balance.', jsonb_build_object('asset', 'USDT'));
  END IF;
  IF plan.id IS NULL THEN
    INSERT INTO gae_plans (user_id, opened_at) VALUES (customer, (p_op->>'now')::timestamptz) RETURNING * INTO plan;
  END IF;
  answer := money_book('gae.' || lower(p_kind), plan.id::text, gold_purchase_lines(customer, p_usdt, p_fee, p_grams, 'gae_plan'),
    jsonb_build_object('userId', customer, 'type', p_kind, 'code', p_op->>'code', 'assetIn', 'USDT',
      'amountIn', p_usdt::text, 'assetOut', 'GOLD', 'amountOut', p_grams::text, 'price', p_price::text,
      'fee', p_fee::text, 'feeAsset', 'USDT'));
  UPDATE gae_plans SET cost_usdt = cost_usdt + p_usdt, updated_at = clock_timestamp() WHERE id = plan.id;
  RETURN answer || jsonb_build_object('planId', plan.id);
END
$$;

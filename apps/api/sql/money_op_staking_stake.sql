-- Operation "staking_stake": available QMGT to locked, for the term the API priced.
CREATE OR REPLACE FUNCTION money_op_staking_stake(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  principal numeric := (p_op->>'amount')::numeric;
  answer jsonb;
  position_id uuid := gen_random_uuid();
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = customer AND upline_id IS NOT NULL) THEN
    RETURN money_refusal(403, 'ForbiddenError', 'Staking QMGT+ is open to customers who joined through a referral.');
  END IF;
  IF NOT money_can_pay(customer, 'QMGT', principal) THEN
    RETURN money_refusal(422, 'InsufficientFundsError', 'Insufficient QMGT balance.', jsonb_build_object('asset', 'QMGT'));
  END IF;
  answer := money_book('staking.stake', position_id::text, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'QMGT', 'amount', (-principal)::text),
      jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'QMGT', 'amount', principal::text)),
    jsonb_build_object('userId', customer, 'type', 'STAKING', 'code', p_op->>'code', 'assetIn', 'QMGT',
      'amountIn', principal::text));
  INSERT INTO staking_positions (id, code, user_id, amount, term_days, apr_bps, interest, starts_at, matures_at)
  VALUES (position_id, p_op->>'code', customer, principal, (p_op->>'termDays')::int, (p_op->>'aprBps')::int,
          (p_op->>'interest')::numeric, (p_op->>'now')::timestamptz, (p_op->>'maturesAt')::timestamptz);
  RETURN answer || jsonb_build_object('positionId', position_id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('staking_stake', 'money_op_staking_stake', false, NULL);

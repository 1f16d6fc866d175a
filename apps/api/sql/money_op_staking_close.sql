-- Operation "staking_close": at maturity the principal returns and the interest is paid from
-- the issuer (minted); before it, on the customer's unstake, the principal returns alone.
-- A position closes once.
CREATE OR REPLACE FUNCTION money_op_staking_close(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  position staking_positions;
  matured boolean;
  answer jsonb := review_claim('staking_positions', (p_op->>'positionId')::uuid, customer, 'active',
                               'Staking position not found.', 'This position is already %s.');
BEGIN
  IF answer IS NOT NULL THEN
    RETURN answer;
  END IF;
  SELECT * INTO position FROM staking_positions WHERE id = (p_op->>'positionId')::uuid;
  matured := position.matures_at <= (p_op->>'now')::timestamptz;
  IF p_op->>'reason' = 'maturity' AND NOT matured THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'not_due');
  END IF;
  answer := money_book(CASE WHEN matured THEN 'staking.maturity' ELSE 'staking.unstake' END, position.id::text,
    jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'QMGT', 'amount', (-position.amount)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'QMGT',
                         'amount', (position.amount + CASE WHEN matured THEN position.interest ELSE 0 END)::text))
    || CASE WHEN matured AND position.interest > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'QMGT',
                                                   'amount', (-position.interest)::text))
         ELSE '[]'::jsonb END,
    jsonb_build_object('userId', customer, 'type', 'STAKING', 'code', p_op->>'code', 'assetOut', 'QMGT',
      'amountOut', (position.amount + CASE WHEN matured THEN position.interest ELSE 0 END)::text));
  UPDATE staking_positions SET status = CASE WHEN matured THEN 'matured' ELSE 'unstaked' END,
         closed_at = (p_op->>'now')::timestamptz, closing_transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE id = position.id;
  RETURN answer || jsonb_build_object('positionId', position.id, 'outcome', CASE WHEN matured THEN 'matured' ELSE 'unstaked' END);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('staking_close', 'money_op_staking_close', false, NULL);

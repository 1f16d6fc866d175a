-- Operation "deposit": a final USDT transfer to a custodial address, credited once per chain log.
CREATE OR REPLACE FUNCTION money_op_deposit(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  answer jsonb;
BEGIN
  INSERT INTO chain_deposits (tx_hash, log_index, user_id, amount, block_number)
  VALUES (p_op->>'txHash', (p_op->>'logIndex')::int, customer, (p_op->>'amount')::numeric, (p_op->>'blockNumber')::numeric)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 200, 'duplicate', true);
  END IF;
  answer := money_book('deposit', format('%s#%s', p_op->>'txHash', p_op->>'logIndex'),
    jsonb_build_array(
      jsonb_build_object('owner', NULL, 'purpose', 'external', 'asset', 'USDT', 'amount', (-(p_op->>'amount')::numeric)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'USDT', 'amount', p_op->>'amount')),
    jsonb_build_object('userId', customer, 'type', 'DEPOSIT', 'code', p_op->>'code', 'assetOut', 'USDT',
      'amountOut', p_op->>'amount', 'txHash', p_op->>'txHash'));
  UPDATE chain_deposits SET transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE tx_hash = p_op->>'txHash' AND log_index = (p_op->>'logIndex')::int;
  RETURN answer;
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('deposit', 'money_op_deposit', false, NULL);

CREATE OR REPLACE FUNCTION money_book(p_entry_type text, p_memo text, p_lines jsonb, p_tx jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  entry_id uuid;
  tx_id uuid := gen_random_uuid();
  movement_count int;
  booked transactions;
  kind text := nullif(current_setting('money.operation_kind', true), '');
BEGIN
  entry_id := ledger_post(p_entry_type, p_memo, p_lines);
  -- The outbox rows first (no foreign key: they are written only here, with their transaction).
  INSERT INTO chain_movements (transaction_id, user_id, kind, amount)
  SELECT tx_id, m.user_id, m.kind, m.amount FROM chain_movements_of(p_lines) AS m ORDER BY m.kind DESC, m.user_id;
  GET DIAGNOSTICS movement_count = ROW_COUNT;
  -- A payment out to an outside address the operation names (p_tx.transfer: token, toAddress,
  -- amount): chain work like a mint, so the transaction waits for it as it waits for a mint.
  IF p_tx ? 'transfer' THEN
    INSERT INTO chain_transfers (transaction_id, token, to_address, amount)
    VALUES (tx_id, p_tx->'transfer'->>'token', p_tx->'transfer'->>'toAddress', (p_tx->'transfer'->>'amount')::numeric);
    movement_count := movement_count + 1;
  END IF;
  INSERT INTO transactions (id, code, user_id, type, operation_kind, status, asset_in, amount_in, asset_out, amount_out,
                            price, fee, fee_asset, journal_entry_id, tx_hash, created_at, updated_at, settled_at)
  VALUES (tx_id, p_tx->>'code', (p_tx->>'userId')::uuid, p_tx->>'type', kind,
          CASE WHEN movement_count > 0 THEN 'pending' ELSE 'completed' END::transaction_status,
          (p_tx->>'assetIn')::asset, (p_tx->>'amountIn')::numeric, (p_tx->>'assetOut')::asset,
          (p_tx->>'amountOut')::numeric, (p_tx->>'price')::numeric, (p_tx->>'fee')::numeric, (p_tx->>'feeAsset')::asset,
          entry_id, p_tx->>'txHash', clock_timestamp(), clock_timestamp(),
          CASE WHEN movement_count > 0 THEN NULL ELSE clock_timestamp() END)
  RETURNING * INTO booked;
  -- A purchase (an operation type registered as earning referral rewards) paid in money
  -- rewards its buyer's uplines in the same transaction; paid in QMGT or grams it is a sale
  -- or a conversion, and rewards nobody. Tested here, not in the callee, so that a sell or a
  -- deposit does not pay for a function call.
  IF booked.asset_in::text IN ('USDT', 'USD')
     AND EXISTS (SELECT 1 FROM money_operation_types t WHERE t.kind = booked.operation_kind AND t.earns_referral) THEN
    PERFORM referral_rewards_credit(booked);
  END IF;
  RETURN jsonb_build_object('status', 200, 'transaction', transaction_json(booked));
END
$$;

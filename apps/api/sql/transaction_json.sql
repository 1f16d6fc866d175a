-- A business transaction as the API answers it; amounts as text (JSON numbers lose digits).
CREATE OR REPLACE FUNCTION transaction_json(t transactions) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'code', t.code, 'userId', t.user_id, 'type', t.type, 'status', t.status,
    'assetIn', t.asset_in, 'amountIn', t.amount_in::text, 'assetOut', t.asset_out, 'amountOut', t.amount_out::text,
    'price', t.price::text, 'fee', t.fee::text, 'feeAsset', t.fee_asset, 'journalEntryId', t.journal_entry_id,
    'txHash', t.tx_hash, 'failureReason', t.failure_reason, 'createdAt', t.created_at)
$$;

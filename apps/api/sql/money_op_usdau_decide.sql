-- Operation "usdau_decide": an operator approves (the locked grams return to the vault, the
-- USDAU leaves the treasury for the outside world, and a chain transfer to the customer's
-- address is written in the same transaction: the outbox the one sender pays from) or rejects
-- (the grams return to the GSA). A request is decided once. The payout's transaction stays
-- pending until the transfer is final on chain: money_book writes the transfer it is given
-- beside the transaction and books it pending, as it does a mint.
CREATE OR REPLACE FUNCTION money_op_usdau_decide(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  request usdau_requests;
  answer jsonb := review_claim('usdau_requests', (p_op->>'requestId')::uuid, customer, 'requested',
                               'USDAU request not found.', 'This USDAU request was already %s.');
BEGIN
  IF answer IS NOT NULL THEN
    RETURN answer;
  END IF;
  SELECT * INTO request FROM usdau_requests WHERE id = (p_op->>'requestId')::uuid;
  IF p_op->>'decision' = 'approve' THEN
    answer := money_book('usdau.payout', request.id::text, jsonb_build_array(
        jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-request.grams)::text),
        jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', request.grams::text),
        jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDAU', 'amount', (-request.usdau_amount)::text),
        jsonb_build_object('owner', NULL, 'purpose', 'external', 'asset', 'USDAU', 'amount', request.usdau_amount::text)),
      jsonb_build_object('userId', customer, 'type', 'USDAU', 'code', request.code, 'assetIn', 'GOLD',
        'amountIn', request.grams::text, 'assetOut', 'USDAU', 'amountOut', request.usdau_amount::text,
        'price', request.price::text, 'fee', NULL, 'feeAsset', NULL,
        'transfer', jsonb_build_object('token', 'USDAU', 'toAddress', request.address,
                                       'amount', request.usdau_amount::text)));
    PERFORM review_settle('usdau_requests', request.id, 'approved', p_op);
    UPDATE usdau_requests SET transaction_id = (answer->'transaction'->>'id')::uuid WHERE id = request.id;
    RETURN answer || jsonb_build_object('requestId', request.id);
  END IF;
  PERFORM ledger_post('usdau.reject', request.id::text, jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-request.grams)::text),
    jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', request.grams::text)));
  PERFORM review_settle('usdau_requests', request.id, 'rejected', p_op);
  RETURN jsonb_build_object('status', 200, 'requestId', request.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('usdau_decide', 'money_op_usdau_decide', false, 'usdau_payout_failed');

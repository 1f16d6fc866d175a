-- What an operator's decision on a USDAU request books (review_decide's booking for
-- usdau_requests). An approval: the locked grams return to the vault, the USDAU leaves the
-- treasury for the outside world, and a chain transfer to the customer's address is written in
-- the same transaction (the outbox the one sender pays from). The payout's transaction stays
-- pending until the transfer is final on chain: money_book writes the transfer it is given
-- beside the transaction and books it pending, as it does a mint. A rejection: the grams return
-- to the GSA.
CREATE OR REPLACE FUNCTION usdau_request_booking(p_request usdau_requests, p_op jsonb, p_status text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := p_request.user_id;
  answer jsonb;
BEGIN
  IF p_status <> 'approved' THEN
    PERFORM ledger_post('usdau.reject', p_request.id::text, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-p_request.grams)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', p_request.grams::text)));
    RETURN NULL;
  END IF;
  answer := money_book('usdau.payout', p_request.id::text, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-p_request.grams)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', p_request.grams::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDAU', 'amount', (-p_request.usdau_amount)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'external', 'asset', 'USDAU', 'amount', p_request.usdau_amount::text)),
    jsonb_build_object('userId', customer, 'type', 'USDAU', 'code', p_request.code, 'assetIn', 'GOLD',
      'amountIn', p_request.grams::text, 'assetOut', 'USDAU', 'amountOut', p_request.usdau_amount::text,
      'price', p_request.price::text, 'fee', NULL, 'feeAsset', NULL,
      'transfer', jsonb_build_object('token', 'USDAU', 'toAddress', p_request.address,
                                     'amount', p_request.usdau_amount::text)));
  UPDATE usdau_requests SET transaction_id = (answer->'transaction'->>'id')::uuid WHERE id = p_request.id;
  RETURN answer;
END
$$;

-- What ends a GAE termination request books (review_decide's booking for gae_terminations). An
-- approval: the locked grams return to the vault, the refund is paid from the treasury (QMGT
-- minted on chain) and the plan closes. A rejection or the customer's withdrawal: no refund;
-- the locked grams go back to the plan, which is active again.
CREATE OR REPLACE FUNCTION gae_termination_booking(p_request gae_terminations, p_op jsonb, p_status text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := p_request.user_id;
  answer jsonb;
BEGIN
  IF p_status <> 'approved' THEN
    PERFORM ledger_post(CASE p_status WHEN 'withdrawn' THEN 'gae.termination_withdraw' ELSE 'gae.termination_reject' END,
      p_request.id::text, jsonb_build_array(
        jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-p_request.grams)::text),
        jsonb_build_object('owner', customer, 'purpose', 'gae_plan', 'asset', 'GOLD', 'amount', p_request.grams::text)));
    UPDATE gae_plans SET status = 'active', updated_at = clock_timestamp() WHERE id = p_request.plan_id;
    RETURN NULL;
  END IF;
  answer := money_book('gae.termination', p_request.id::text, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-p_request.grams)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', p_request.grams::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', p_request.currency, 'amount', (-p_request.refund)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', p_request.currency, 'amount', p_request.refund::text)),
    jsonb_build_object('userId', customer, 'type', 'TERMINATION', 'code', p_request.code, 'assetIn', 'GOLD',
      'amountIn', p_request.grams::text, 'assetOut', p_request.currency, 'amountOut', p_request.refund::text,
      'price', p_request.price::text,
      'fee', p_request.early_exit_fee::text, 'feeAsset', p_request.currency));
  UPDATE gae_terminations SET refund_transaction_id = (answer->'transaction'->>'id')::uuid WHERE id = p_request.id;
  UPDATE gae_plans SET status = 'terminated', closed_at = (p_op->>'now')::timestamptz, auto_save_amount = NULL,
         auto_save_day = NULL, auto_save_next = NULL, updated_at = clock_timestamp()
   WHERE id = p_request.plan_id;
  RETURN answer;
END
$$;

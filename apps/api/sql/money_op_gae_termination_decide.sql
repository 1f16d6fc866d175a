-- Operation "gae_termination_decide": an operator approves (the locked grams return to the
-- vault, the refund is paid from the treasury, QMGT minted on chain; the plan closes) or
-- rejects (the grams return to the plan, which is active again). A request is decided once.
CREATE OR REPLACE FUNCTION money_op_gae_termination_decide(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  request gae_terminations;
  answer jsonb := review_claim('gae_terminations', (p_op->>'terminationId')::uuid, customer, 'requested',
                               'Termination request not found.', 'This termination request was already %s.');
BEGIN
  IF answer IS NOT NULL THEN
    RETURN answer;
  END IF;
  SELECT * INTO request FROM gae_terminations WHERE id = (p_op->>'terminationId')::uuid;
  IF p_op->>'decision' = 'approve' THEN
    answer := money_book('gae.termination', request.id::text, jsonb_build_array(
        jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-request.grams)::text),
        jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', request.grams::text),
        jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', request.currency, 'amount', (-request.refund)::text),
        jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', request.currency, 'amount', request.refund::text)),
      jsonb_build_object('userId', customer, 'type', 'TERMINATION', 'code', request.code, 'assetIn', 'GOLD',
        'amountIn', request.grams::text, 'assetOut', request.currency, 'amountOut', request.refund::text,
        'price', request.price::text,
        'fee', request.early_exit_fee::text, 'feeAsset', request.currency));
    PERFORM review_settle('gae_terminations', request.id, 'approved', p_op);
    UPDATE gae_terminations SET refund_transaction_id = (answer->'transaction'->>'id')::uuid WHERE id = request.id;
    UPDATE gae_plans SET status = 'terminated', closed_at = (p_op->>'now')::timestamptz, auto_save_amount = NULL,
           auto_save_day = NULL, auto_save_next = NULL, updated_at = clock_timestamp()
     WHERE id = request.plan_id;
    RETURN answer || jsonb_build_object('terminationId', request.id);
  END IF;
  PERFORM gae_termination_release(request, 'gae.termination_reject');
  PERFORM review_settle('gae_terminations', request.id, 'rejected', p_op);
  RETURN jsonb_build_object('status', 200, 'terminationId', request.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('gae_termination_decide', 'money_op_gae_termination_decide', false, NULL);

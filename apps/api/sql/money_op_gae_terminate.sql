-- Operation "gae_terminate": files a termination request with the summary the API computed
-- from the plan's grams. The grams move from the plan to locked; the refund is paid when an
-- operator approves. Refused when the plan's grams changed since the summary, or when the
-- refund fell below what the customer was shown.
CREATE OR REPLACE FUNCTION money_op_gae_terminate(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  plan gae_plans;
  plan_grams numeric;
  lock_entry uuid;
  termination gae_terminations;
BEGIN
  SELECT * INTO plan FROM gae_plans WHERE id = (p_op->>'planId')::uuid AND user_id = customer FOR UPDATE;
  IF plan.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'GAE plan not found.');
  END IF;
  IF plan.status <> 'active' THEN
    RETURN money_refusal(409, 'ConflictError', CASE WHEN plan.status = 'terminating'
      THEN 'A termination request for this plan is already pending.'
      ELSE 'This GAE plan is already terminated.' END);
  END IF;
  SELECT coalesce(sum(balance), 0) INTO plan_grams FROM ledger_accounts
   WHERE owner_user_id = customer AND asset = 'GOLD' AND purpose = 'gae_plan';
  IF plan_grams <= 0 THEN
    RETURN money_refusal(409, 'ConflictError', 'This GAE plan holds no grams to terminate.');
  END IF;
  IF plan_grams <> (p_op->>'grams')::numeric THEN
    RETURN money_refusal(409, 'ConflictError', 'Your plan changed since the summary was made. Review the new summary and confirm again.');
  END IF;
  IF (p_op->>'refund')::numeric < (p_op->>'minRefund')::numeric THEN
    RETURN money_refusal(422, 'PriceMovedError',
      'The gold price moved: the refund is now less than the summary you confirmed. Review the new summary and confirm again.',
      jsonb_build_object('refund', p_op->>'refund'));
  END IF;
  lock_entry := ledger_post('gae.termination_lock', plan.id::text, jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'gae_plan', 'asset', 'GOLD', 'amount', (-plan_grams)::text),
    jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', plan_grams::text)));
  INSERT INTO gae_terminations (code, plan_id, user_id, currency, grams, spot, price, gross, early_exit, early_exit_fee, refund,
                                lock_entry_id, requested_at)
  VALUES (p_op->>'code', plan.id, customer, (p_op->>'currency')::asset, plan_grams, (p_op->>'spot')::numeric,
          (p_op->>'price')::numeric,
          (p_op->>'gross')::numeric, (p_op->>'earlyExit')::boolean, (p_op->>'earlyExitFee')::numeric,
          (p_op->>'refund')::numeric, lock_entry, (p_op->>'now')::timestamptz)
  RETURNING * INTO termination;
  UPDATE gae_plans SET status = 'terminating', updated_at = clock_timestamp() WHERE id = plan.id;
  RETURN jsonb_build_object('status', 200, 'terminationId', termination.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('gae_terminate', 'money_op_gae_terminate', false, NULL);

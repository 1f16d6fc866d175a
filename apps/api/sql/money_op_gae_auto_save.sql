-- Operation "gae_auto_save": one month's auto-save purchase of one plan, at most once per
-- (plan, period) whoever runs it and however often. A short balance is recorded as skipped
-- (to be mailed), never overdrawn. The figures come from the API's pricing rules.
CREATE OR REPLACE FUNCTION money_op_gae_auto_save(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  plan gae_plans;
  answer jsonb;
  next_day date := (p_op->>'nextRunOn')::date;
BEGIN
  SELECT * INTO plan FROM gae_plans WHERE id = (p_op->>'planId')::uuid AND user_id = customer FOR UPDATE;
  IF plan.id IS NULL OR plan.status <> 'active' OR plan.auto_save_amount IS NULL
     OR plan.auto_save_amount <> (p_op->>'amountUsdt')::numeric THEN
    -- Switched off, changed or terminated since the job read it: nothing is due.
    RETURN jsonb_build_object('status', 200, 'outcome', 'not_due');
  END IF;
  INSERT INTO gae_auto_save_runs (plan_id, period, outcome) VALUES (plan.id, p_op->>'period', 'skipped')
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Run already (by another pass or process): make sure the plan has moved past it.
    UPDATE gae_plans SET auto_save_next = greatest(auto_save_next, next_day) WHERE id = plan.id;
    RETURN jsonb_build_object('status', 200, 'outcome', 'duplicate');
  END IF;
  UPDATE gae_plans SET auto_save_next = next_day, updated_at = clock_timestamp() WHERE id = plan.id;
  IF NOT money_can_pay(customer, 'USDT', plan.auto_save_amount) THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'skipped');
  END IF;
  answer := gae_book_purchase(p_op, 'GAE', plan.auto_save_amount, (p_op->>'grams')::numeric,
                              (p_op->>'fee')::numeric, (p_op->>'price')::numeric);
  IF (answer->>'status')::int <> 200 THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'skipped');
  END IF;
  UPDATE gae_auto_save_runs SET outcome = 'bought', transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE plan_id = plan.id AND period = p_op->>'period';
  RETURN answer || jsonb_build_object('outcome', 'bought');
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('gae_auto_save', 'money_op_gae_auto_save', true, NULL);

-- Operation "gae_auto_save": one period's auto-save purchase of one plan (a day, an ISO week or
-- a month, by its frequency), at most once per (plan, period) whoever runs it and however often.
-- A short balance or the monthly cap reached is recorded as skipped (and notified by the run
-- row's trigger), never overdrawn. The figures, the period and the cap's verdict come from the
-- API's rules (gae.auto-save.rules.ts); the operation checks that what they were computed from
-- still holds under the plan's lock.
CREATE OR REPLACE FUNCTION money_op_gae_auto_save(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  plan gae_plans;
  answer jsonb;
  period text := p_op->>'period';
  ran_at timestamptz := coalesce((p_op->>'now')::timestamptz, clock_timestamp());
  spent numeric;
  skip_reason text;
BEGIN
  SELECT * INTO plan FROM gae_plans WHERE id = (p_op->>'planId')::uuid AND user_id = customer FOR UPDATE;
  IF plan.id IS NULL OR plan.status <> 'active' OR plan.auto_save_amount IS NULL OR plan.auto_save_paused
     OR plan.auto_save_amount <> (p_op->>'amountUsdt')::numeric
     OR plan.auto_save_frequency IS DISTINCT FROM p_op->>'frequency'
     OR plan.auto_save_day IS DISTINCT FROM (p_op->>'day')::int
     OR plan.auto_save_cap IS DISTINCT FROM (p_op->>'capUsdt')::numeric
     OR plan.auto_save_next IS DISTINCT FROM (p_op->>'dueOn')::date THEN
    -- Switched off, paused, changed, terminated or run since the job read it: nothing is due.
    RETURN jsonb_build_object('status', 200, 'outcome', 'not_due');
  END IF;
  IF EXISTS (SELECT 1 FROM gae_auto_save_runs r WHERE r.plan_id = plan.id AND r.period = p_op->>'period') THEN
    -- Run already (by another pass or process): make sure the plan has moved past it.
    UPDATE gae_plans SET auto_save_next = greatest(auto_save_next, (p_op->>'nextRunOn')::date) WHERE id = plan.id;
    RETURN jsonb_build_object('status', 200, 'outcome', 'duplicate');
  END IF;
  -- The cap's verdict was given on this month's purchases as the pass read them; under the
  -- plan's lock they can only have changed by a run that has since committed: decide again.
  SELECT coalesce(sum(r.amount_usdt), 0) INTO spent FROM gae_auto_save_runs r
   WHERE r.plan_id = plan.id AND r.outcome = 'bought'
     AND r.created_at >= (p_op->>'monthFrom')::timestamptz AND r.created_at < (p_op->>'monthTo')::timestamptz;
  IF spent <> (p_op->>'spentUsdt')::numeric THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'not_due');
  END IF;
  UPDATE gae_plans SET auto_save_next = (p_op->>'nextRunOn')::date, updated_at = clock_timestamp() WHERE id = plan.id;
  IF NOT (p_op->>'withinCap')::boolean THEN
    skip_reason := 'cap';
  ELSIF NOT money_can_pay(customer, 'USDT', plan.auto_save_amount) THEN
    skip_reason := 'balance';
  ELSE
    answer := gae_book_purchase(p_op, 'GAE', plan.auto_save_amount, (p_op->>'grams')::numeric,
                                (p_op->>'fee')::numeric, (p_op->>'price')::numeric);
    IF (answer->>'status')::int <> 200 THEN
      skip_reason := 'balance';
    END IF;
  END IF;
  IF skip_reason IS NOT NULL THEN
    INSERT INTO gae_auto_save_runs (plan_id, period, frequency, outcome, reason, amount_usdt, created_at)
    VALUES (plan.id, period, plan.auto_save_frequency, 'skipped', skip_reason, plan.auto_save_amount, ran_at);
    RETURN jsonb_build_object('status', 200, 'outcome', 'skipped', 'reason', skip_reason);
  END IF;
  INSERT INTO gae_auto_save_runs (plan_id, period, frequency, outcome, amount_usdt, grams, transaction_id, created_at)
  VALUES (plan.id, period, plan.auto_save_frequency, 'bought', plan.auto_save_amount, (p_op->>'grams')::numeric,
          (answer->'transaction'->>'id')::uuid, ran_at);
  RETURN answer || jsonb_build_object('outcome', 'bought');
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('gae_auto_save', 'money_op_gae_auto_save', true, NULL);

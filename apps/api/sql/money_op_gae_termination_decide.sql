-- Operation "gae_termination_decide": an operator approves (the locked grams return to the
-- vault, the refund is paid from the treasury, QMGT minted on chain; the plan closes) or
-- rejects (the grams return to the plan, which is active again): gae_termination_booking. A
-- request is decided once (review_decide).
CREATE OR REPLACE FUNCTION money_op_gae_termination_decide(p_op jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT review_decide(p_op, 'gae_terminations', 'terminationId', 'requested', 'Termination request not found.',
                       'This termination request was already %s.', 'gae_termination_booking')
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('gae_termination_decide', 'money_op_gae_termination_decide', false, NULL);

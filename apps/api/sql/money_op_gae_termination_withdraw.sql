-- Operation "gae_termination_withdraw": the customer takes back a termination request that is
-- still waiting for review. Like a rejection, the locked grams return to the plan and the plan
-- is active again (gae_termination_booking), but nobody decided it: the request ends
-- 'withdrawn', decided by nobody (the status mail trigger owes nothing for it; the customer is
-- on the screen). review_decide locks the row, so a withdrawal and an operator's decision
-- racing on one request cannot both win.
CREATE OR REPLACE FUNCTION money_op_gae_termination_withdraw(p_op jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT review_decide(p_op, 'gae_terminations', 'terminationId', 'requested', 'Termination request not found.',
                       'This termination request was already %s.', 'gae_termination_booking', 'withdrawn')
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('gae_termination_withdraw', 'money_op_gae_termination_withdraw', false, NULL);

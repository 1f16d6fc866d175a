-- Operation "gae_termination_withdraw": the customer takes back a termination request that is
-- still waiting for review. Like a rejection, the locked grams return to the plan and the plan
-- is active again, but nobody decided it: the request ends 'withdrawn', decided by nobody (the
-- status mail trigger owes nothing for it; the customer is on the screen). review_claim locks
-- the row, so a withdrawal and an operator's decision racing on one request cannot both win.
CREATE OR REPLACE FUNCTION money_op_gae_termination_withdraw(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
  PERFORM gae_termination_release(request, 'gae.termination_withdraw');
  PERFORM review_settle('gae_terminations', request.id, 'withdrawn', p_op);
  RETURN jsonb_build_object('status', 200, 'terminationId', request.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('gae_termination_withdraw', 'money_op_gae_termination_withdraw', false, NULL);

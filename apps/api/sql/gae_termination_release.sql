-- A termination request that ends without a refund (an operator's rejection, the customer's
-- withdrawal): its locked grams go back to the plan, which is active again. The caller has
-- claimed the row (review_claim) and settles its status itself.
CREATE OR REPLACE FUNCTION gae_termination_release(p_request gae_terminations, p_entry_type text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post(p_entry_type, p_request.id::text, jsonb_build_array(
    jsonb_build_object('owner', p_request.user_id, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-p_request.grams)::text),
    jsonb_build_object('owner', p_request.user_id, 'purpose', 'gae_plan', 'asset', 'GOLD', 'amount', p_request.grams::text)));
  UPDATE gae_plans SET status = 'active', updated_at = clock_timestamp() WHERE id = p_request.plan_id;
END
$$;

-- A redemption that ends before it was approved (an operator's rejection, the customer's
-- cancel): its locked grams, fine and fee, go back to the gold savings account. The caller has
-- claimed the row (review_claim) and settles its status itself.
CREATE OR REPLACE FUNCTION redemption_release(p_redemption redemptions, p_entry_type text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  grams numeric := p_redemption.fine_grams + p_redemption.fee_grams;
BEGIN
  PERFORM ledger_post(p_entry_type, p_redemption.id::text, jsonb_build_array(
    jsonb_build_object('owner', p_redemption.user_id, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-grams)::text),
    jsonb_build_object('owner', p_redemption.user_id, 'purpose', 'available', 'asset', 'GOLD', 'amount', grams::text)));
END
$$;

-- What ends a redemption's review books (review_decide's booking for redemptions). An approval
-- books nothing: the grams stay locked until the redemption is delivered. A rejection or the
-- customer's cancel: its locked grams, fine and fee, go back to the gold savings account.
CREATE OR REPLACE FUNCTION redemption_booking(p_redemption redemptions, p_op jsonb, p_status text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  grams numeric := p_redemption.fine_grams + p_redemption.fee_grams;
BEGIN
  IF p_status <> 'approved' THEN
    PERFORM ledger_post(CASE p_status WHEN 'cancelled' THEN 'redemption.cancel' ELSE 'redemption.reject' END,
      p_redemption.id::text, jsonb_build_array(
        jsonb_build_object('owner', p_redemption.user_id, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-grams)::text),
        jsonb_build_object('owner', p_redemption.user_id, 'purpose', 'available', 'asset', 'GOLD', 'amount', grams::text)));
  END IF;
  RETURN NULL;
END
$$;

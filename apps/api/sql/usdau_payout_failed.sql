-- Compensation (money_compensate, below) of a USDAU payout the chain never made: the reversal
-- put the grams back under the lock; they return to the customer's GSA.
CREATE OR REPLACE FUNCTION usdau_payout_failed(p_transaction uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  request usdau_requests;
BEGIN
  SELECT * INTO request FROM usdau_requests WHERE transaction_id = p_transaction FOR UPDATE;
  IF request.id IS NULL THEN
    RETURN;
  END IF;
  PERFORM ledger_post('usdau.release', request.id::text, jsonb_build_array(
    jsonb_build_object('owner', request.user_id, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-request.grams)::text),
    jsonb_build_object('owner', request.user_id, 'purpose', 'available', 'asset', 'GOLD', 'amount', request.grams::text)));
END
$$;

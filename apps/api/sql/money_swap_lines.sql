-- The ledger entry of a swap: what the customer pays goes to the treasury, what they receive
-- comes from it, and the fee (kept back from what they receive) goes to the fees account.
CREATE OR REPLACE FUNCTION money_swap_lines(p_user uuid, p_in asset, p_amount_in numeric, p_out asset, p_amount_out numeric, p_fee numeric)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
      jsonb_build_object('owner', p_user, 'purpose', 'available', 'asset', p_in, 'amount', (-p_amount_in)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', p_in, 'amount', p_amount_in::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', p_out, 'amount', (-(p_amount_out + p_fee))::text),
      jsonb_build_object('owner', p_user, 'purpose', 'available', 'asset', p_out, 'amount', p_amount_out::text))
    || CASE WHEN p_fee > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', p_out, 'amount', p_fee::text))
         ELSE '[]'::jsonb END
$$;

-- The entry of a group instalment: the member's USDT to the treasury (the markup to fees), the
-- vault's grams into their group holding.
CREATE OR REPLACE FUNCTION ges_purchase_lines(p_user uuid, p_usdt numeric, p_fee numeric, p_grams numeric)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
      jsonb_build_object('owner', p_user, 'purpose', 'available', 'asset', 'USDT', 'amount', (-p_usdt)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDT', 'amount', (p_usdt - p_fee)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', (-p_grams)::text),
      jsonb_build_object('owner', p_user, 'purpose', 'ges', 'asset', 'GOLD', 'amount', p_grams::text))
    || CASE WHEN p_fee > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'USDT', 'amount', p_fee::text))
         ELSE '[]'::jsonb END
$$;

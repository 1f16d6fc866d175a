-- The entry of a gold purchase (a GAE purchase, a group instalment): the customer's USDT to the
-- treasury (the markup to fees), the vault's grams into the holding that bought them
-- (p_holding: 'gae_plan' or 'ges').
CREATE OR REPLACE FUNCTION gold_purchase_lines(p_user uuid, p_usdt numeric, p_fee numeric, p_grams numeric,
                                               p_holding text)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
      jsonb_build_object('owner', p_user, 'purpose', 'available', 'asset', 'USDT', 'amount', (-p_usdt)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDT', 'amount', (p_usdt - p_fee)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', (-p_grams)::text),
      jsonb_build_object('owner', p_user, 'purpose', p_holding, 'asset', 'GOLD', 'amount', p_grams::text))
    || CASE WHEN p_fee > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'USDT', 'amount', p_fee::text))
         ELSE '[]'::jsonb END
$$;

-- The account of (owner, asset, purpose), opened at zero the first time it is needed.
CREATE OR REPLACE FUNCTION ledger_account_id(p_owner uuid, p_asset asset, p_purpose account_purpose) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  found_id uuid;
BEGIN
  IF p_owner IS NULL THEN
    SELECT id INTO found_id FROM ledger_accounts WHERE owner_user_id IS NULL AND asset = p_asset AND purpose = p_purpose;
  ELSE
    SELECT id INTO found_id FROM ledger_accounts WHERE owner_user_id = p_owner AND asset = p_asset AND purpose = p_purpose;
  END IF;
  IF found_id IS NOT NULL THEN
    RETURN found_id;
  END IF;
  INSERT INTO ledger_accounts (owner_user_id, asset, purpose) VALUES (p_owner, p_asset, p_purpose)
    ON CONFLICT DO NOTHING RETURNING id INTO found_id;
  IF found_id IS NULL THEN
    SELECT id INTO found_id FROM ledger_accounts
     WHERE owner_user_id IS NOT DISTINCT FROM p_owner AND asset = p_asset AND purpose = p_purpose;
  END IF;
  RETURN found_id;
END
$$;

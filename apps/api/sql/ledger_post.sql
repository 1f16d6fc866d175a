-- Posts one journal entry. p_lines: [{ owner: uuid or null, purpose, asset, amount: "integer" }].
-- Postings go in account-id order: two entries over the same accounts lock them in one order.
CREATE OR REPLACE FUNCTION ledger_post(p_type text, p_memo text, p_lines jsonb) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  entry_id uuid := gen_random_uuid();
BEGIN
  INSERT INTO journal_entries (id, type, memo, created_at) VALUES (entry_id, p_type, p_memo, clock_timestamp());
  INSERT INTO postings (entry_id, account_id, asset, amount)
  SELECT entry_id, x.account_id, x.asset, x.amount
    FROM (SELECT ledger_account_id((l->>'owner')::uuid, (l->>'asset')::asset, (l->>'purpose')::account_purpose) AS account_id,
                 (l->>'asset')::asset AS asset, (l->>'amount')::numeric AS amount
            FROM jsonb_array_elements(p_lines) AS l) AS x
   ORDER BY x.account_id;
  RETURN entry_id;
END
$$;

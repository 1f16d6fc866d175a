-- The ledger's running totals (ledger_totals, decision 013) are sharded so that no money
-- operation waits on another's total row.
-- The shard this transaction adds its totals to, taken at its first posting and remembered
-- for the rest of the transaction (a transaction-local setting; both it and the advisory lock
-- go with a subtransaction that rolls back, so they stay together). 7424300: this lock class.
CREATE OR REPLACE FUNCTION ledger_total_shard() RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
  held text := current_setting('ledger.total_shard', true);
  first_choice int := pg_backend_pid() % 32;
  candidate int;
BEGIN
  IF held IS NOT NULL AND held <> '' THEN
    RETURN held::smallint;
  END IF;
  FOR i IN 0..31 LOOP
    candidate := (first_choice + i) % 32;
    IF pg_try_advisory_xact_lock(7424300, candidate) THEN
      PERFORM set_config('ledger.total_shard', candidate::text, true);
      RETURN candidate;
    END IF;
  END LOOP;
  -- More writers than shards (many processes): wait for one rather than share its rows.
  PERFORM pg_advisory_xact_lock(7424300, first_choice);
  PERFORM set_config('ledger.total_shard', first_choice::text, true);
  RETURN first_choice;
END
$$;

-- Every API process may keep customers' balances in memory for the balance GET (decision
-- 004). Whatever changes a balance announces it on the channel `ledger_balances`, from the
-- postings trigger itself, so no code path can forget to: the payload is the customers whose
-- balances the statement moved, comma-separated, or '*' when there are too many for one
-- NOTIFY (its payload is limited to 8000 bytes). Delivered at commit; a rollback announces
-- nothing. Platform accounts are derived from postings and never cached.
CREATE OR REPLACE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entries uuid[];
BEGIN
  -- Customer balances follow their postings at once: the CHECK refuses an overdraft, and the
  -- next operation of a batch reads them. Platform balances are derived, so no operation waits
  -- on the treasury's or the fees' row.
  UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM (SELECT account_id, sum(amount) AS delta FROM new_postings GROUP BY account_id) d
   WHERE a.id = d.account_id AND a.owner_user_id IS NOT NULL;
  SELECT array_agg(DISTINCT entry_id) INTO entries FROM new_postings;
  IF current_setting('ledger.deferred', true) = 'on' THEN
    -- In a money batch (money_execute_batch): its entries are checked and added up together
    -- before it returns, in the same transaction; a failed check still rolls all of it back.
    PERFORM set_config('ledger.deferred_entries',
                       current_setting('ledger.deferred_entries', true) || array_to_string(entries, ',') || ',', true);
  ELSE
    PERFORM ledger_entries_close(entries);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER postings_apply AFTER INSERT ON postings REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();

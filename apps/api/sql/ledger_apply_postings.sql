-- Every API process may keep customers' balances in memory for the balance GET (decision
-- 004). Whatever changes a balance announces it on the channel `ledger_balances`, from the
-- postings trigger itself, so no code path can forget to: the payload is the customers whose
-- balances the statement moved, comma-separated, or '*' when there are too many for one
-- NOTIFY (its payload is limited to 8000 bytes). Delivered at commit; a rollback announces
-- nothing. Platform accounts are derived from postings and never cached.
CREATE OR REPLACE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad_account uuid;
  bad_entry uuid;
  owners text[];
BEGIN
  -- Postings have no foreign key (its share lock made the platform rows a queue): check here.
  SELECT n.account_id INTO bad_account FROM new_postings n
    LEFT JOIN ledger_accounts a ON a.id = n.account_id
   WHERE a.id IS NULL OR a.asset <> n.asset LIMIT 1;
  IF bad_account IS NOT NULL THEN
    RAISE EXCEPTION 'posting to unknown account or in another asset: %', bad_account USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT n.entry_id INTO bad_entry FROM new_postings n GROUP BY n.entry_id, n.asset HAVING sum(n.amount) <> 0 LIMIT 1;
  IF bad_entry IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not sum to zero', bad_entry USING ERRCODE = 'check_violation';
  END IF;
  SELECT n.entry_id INTO bad_entry FROM new_postings n GROUP BY n.entry_id
   HAVING count(*) < 2 AND (SELECT count(*) FROM postings p WHERE p.entry_id = n.entry_id) < 2 LIMIT 1;
  IF bad_entry IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % has fewer than two postings', bad_entry USING ERRCODE = 'check_violation';
  END IF;
  -- Customer balances follow their postings; the CHECK refuses an overdraft. Platform
  -- balances are derived, so no operation waits on the treasury's or the fees' row.
  WITH moved AS (
    UPDATE ledger_accounts a SET balance = a.balance + d.delta
      FROM (SELECT account_id, sum(amount) AS delta FROM new_postings GROUP BY account_id) d
     WHERE a.id = d.account_id AND a.owner_user_id IS NOT NULL
    RETURNING a.owner_user_id
  )
  SELECT array_agg(DISTINCT owner_user_id::text) INTO owners FROM moved;
  IF owners IS NOT NULL THEN
    -- 200 ids of 37 characters stay well under the 8000-byte payload limit.
    PERFORM pg_notify('ledger_balances',
      CASE WHEN cardinality(owners) > 200 THEN '*' ELSE array_to_string(owners, ',') END);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER postings_apply AFTER INSERT ON postings REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();

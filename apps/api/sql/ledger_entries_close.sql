-- What every journal entry must satisfy, and the figures kept beside the ledger, for a set of
-- entries whose postings are in: each posting names an account of its asset, each entry sums
-- to zero per asset and has at least two postings, the API processes hear which customers'
-- balances moved (channel `ledger_balances`, decision 004), and the running totals per (asset,
-- purpose) grow by the entries' sums in this transaction's shard (decision 013).
-- The postings trigger calls it for each statement; a money batch calls it once for all its
-- operations' entries (money_execute_batch), so that a batch of 32 sells checks, announces and
-- adds up once instead of 32 times.
CREATE OR REPLACE FUNCTION ledger_entries_close(p_entries uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bad_account uuid;
  bad_entry uuid;
  owners text[];
  my_shard smallint;
BEGIN
  -- Postings have no foreign key (its share lock made the platform rows a queue): check here.
  -- An aggregate, not LIMIT 1: expecting no row, LIMIT 1 let the planner bet on an early match
  -- in a sequential scan of all postings, which it took on PGlite (never analyzed, so no
  -- statistics): a scan of the whole ledger per batch. The aggregate reads the batch's
  -- postings through postings_entry_idx whatever the statistics.
  SELECT (array_agg(p.account_id))[1] INTO bad_account FROM postings p
    LEFT JOIN ledger_accounts a ON a.id = p.account_id
   WHERE p.entry_id = ANY (p_entries) AND (a.id IS NULL OR a.asset <> p.asset);
  IF bad_account IS NOT NULL THEN
    RAISE EXCEPTION 'posting to unknown account or in another asset: %', bad_account USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT p.entry_id INTO bad_entry FROM postings p WHERE p.entry_id = ANY (p_entries)
   GROUP BY p.entry_id, p.asset HAVING sum(p.amount) <> 0 LIMIT 1;
  IF bad_entry IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not sum to zero', bad_entry USING ERRCODE = 'check_violation';
  END IF;
  SELECT p.entry_id INTO bad_entry FROM postings p WHERE p.entry_id = ANY (p_entries)
   GROUP BY p.entry_id HAVING count(*) < 2 LIMIT 1;
  IF bad_entry IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % has fewer than two postings', bad_entry USING ERRCODE = 'check_violation';
  END IF;
  SELECT array_agg(DISTINCT a.owner_user_id::text) INTO owners
    FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
   WHERE p.entry_id = ANY (p_entries) AND a.owner_user_id IS NOT NULL;
  IF owners IS NOT NULL THEN
    PERFORM customers_announce('ledger_balances', owners);
  END IF;
  -- In this transaction's own shard (ledger_total_shard), so no operation waits on another's
  -- total row.
  my_shard := ledger_total_shard();
  INSERT INTO ledger_totals AS t (asset, purpose, shard, total)
  SELECT a.asset, a.purpose, my_shard, sum(p.amount)
    FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
   WHERE p.entry_id = ANY (p_entries)
   GROUP BY a.asset, a.purpose
  HAVING sum(p.amount) <> 0
   ORDER BY a.asset, a.purpose
  ON CONFLICT (asset, purpose, shard) DO UPDATE SET total = t.total + excluded.total;
END
$$;

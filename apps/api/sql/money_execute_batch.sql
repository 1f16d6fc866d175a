-- A remittance moves money into a second customer's accounts: the batch locks the recipient's
-- rows with everyone else's, in one order, so two remittances crossing cannot deadlock.
CREATE OR REPLACE FUNCTION money_execute_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  answers jsonb := '[]'::jsonb;
  op jsonb;
  customers uuid[];
  level uuid[];
  depth int;
  entries uuid[];
  changed text;
BEGIN
  SELECT array_agg(DISTINCT c) INTO customers
    FROM jsonb_array_elements(p_ops) AS o,
         LATERAL (VALUES ((o->>'userId')::uuid), ((o->>'recipientId')::uuid)) AS v(c)
   WHERE c IS NOT NULL;
  -- A purchase credits its buyer's uplines: their rows are locked now, in the same order.
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_ops) AS o
               JOIN money_operation_types t ON t.kind = o->>'kind'
              WHERE t.earns_referral) THEN
    level := customers;
    FOR depth IN 1..3 LOOP
      SELECT array_agg(DISTINCT u.upline_id) INTO level FROM users u WHERE u.id = ANY (level) AND u.upline_id IS NOT NULL;
      EXIT WHEN level IS NULL;
      customers := customers || level;
    END LOOP;
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE owner_user_id = ANY (customers) ORDER BY id FOR UPDATE;
  -- The ledger's checks, balance announcement and running totals once for the whole batch
  -- (ledger_entries_close), not once per operation: the postings trigger only moves balances
  -- and notes its entries until then.
  -- The same for the customers whose transactions changed (transactions_notify notes them).
  PERFORM set_config('ledger.deferred', 'on', true), set_config('ledger.deferred_entries', '', true),
          set_config('transactions.changed_users', '', true);
  FOR op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    answers := answers || jsonb_build_array(money_execute(op));
  END LOOP;
  entries := string_to_array(rtrim(current_setting('ledger.deferred_entries'), ','), ',')::uuid[];
  changed := current_setting('transactions.changed_users');
  PERFORM set_config('ledger.deferred', 'off', true);
  IF changed <> '' THEN
    PERFORM customers_announce('transaction_changes',
      (SELECT array_agg(DISTINCT u) FROM unnest(string_to_array(rtrim(changed, ','), ',')) AS u));
  END IF;
  IF cardinality(entries) > 0 THEN
    PERFORM ledger_entries_close(entries);
  END IF;
  RETURN answers;
END
$$;

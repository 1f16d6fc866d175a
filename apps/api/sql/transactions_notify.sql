-- Whose history a commit changed (decision 025): every process drops that customer's remembered
-- history pages (modules/transactions/history-cache.ts). Any change of a row announces it (an
-- update only when the row really changed), whatever wrote it: the money kernel, the
-- settlement, a compensation, plain SQL. NOTIFY is sent at commit only (a rolled-back
-- savepoint's go with it), one per distinct payload; TRUNCATE announces everyone ('*').
--
-- As few notifications as the ledger's: every pooled connection of every process hears each
-- one, so one a row (a sell's, a settlement's) cost PostgreSQL sells 8-30% at 64 connections.
-- An update statement announces its customers together (its transition tables); inside a
-- money batch (ledger.deferred on) the customers are noted and money_execute_batch announces
-- the batch's once, as ledger_entries_close does the balances.
CREATE OR REPLACE FUNCTION transactions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('transaction_changes', '*');
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY[OLD.user_id::text];
  ELSIF TG_OP = 'INSERT' THEN
    changed := ARRAY[NEW.user_id::text];
  ELSE
    SELECT array_agg(DISTINCT c.user_id) INTO changed
      FROM changed_old o JOIN changed_new n ON n.id = o.id,
           LATERAL (VALUES (o.user_id::text), (n.user_id::text)) AS c(user_id)
     WHERE (o.*) IS DISTINCT FROM (n.*);
    IF changed IS NULL THEN
      RETURN NULL;
    END IF;
  END IF;
  IF current_setting('ledger.deferred', true) = 'on' THEN
    PERFORM set_config('transactions.changed_users',
      coalesce(current_setting('transactions.changed_users', true), '') || array_to_string(changed, ',') || ',', true);
  ELSE
    PERFORM customers_announce('transaction_changes', changed);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER transactions_notify_rows AFTER INSERT OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_notify();

DROP TRIGGER IF EXISTS transactions_notify_update ON transactions;
CREATE OR REPLACE TRIGGER transactions_notify_updates AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION transactions_notify();

CREATE OR REPLACE TRIGGER transactions_notify_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION transactions_notify();

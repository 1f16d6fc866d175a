-- Whose history a commit changed (decision 025): every process drops that customer's remembered
-- history pages (modules/transactions/history-cache.ts). Any change of a row announces it (an
-- update only when the row really changed, tested in the trigger's WHEN without calling the
-- function), whatever wrote it: the money kernel, the settlement, a compensation, plain SQL.
-- PostgreSQL sends one notification per distinct payload in a transaction, at commit only (a
-- rolled-back savepoint's go with it). TRUNCATE announces everyone ('*'). One NOTIFY per row,
-- not one per transaction: see decision 025 for why.
CREATE OR REPLACE FUNCTION transactions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('transaction_changes', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('transaction_changes', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('transaction_changes', NEW.user_id::text);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('transaction_changes', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER transactions_notify_rows AFTER INSERT OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_notify();

CREATE OR REPLACE TRIGGER transactions_notify_update AFTER UPDATE ON transactions
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION transactions_notify();

CREATE OR REPLACE TRIGGER transactions_notify_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION transactions_notify();

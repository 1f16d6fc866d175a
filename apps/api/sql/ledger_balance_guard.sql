-- 4. A balance changes only through postings.
CREATE OR REPLACE FUNCTION ledger_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 THEN
      RAISE EXCEPTION 'an account opens at zero; money arrives through postings' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'balances change only through postings' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.owner_user_id IS DISTINCT FROM OLD.owner_user_id OR NEW.asset IS DISTINCT FROM OLD.asset OR NEW.purpose IS DISTINCT FROM OLD.purpose THEN
    RAISE EXCEPTION 'an account keeps its owner, asset and purpose' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_balance_guard();

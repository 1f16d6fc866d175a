-- The ledger's rules, enforced by the database itself whatever the code does.

-- 1. Balances follow postings. Every posting adds its amount to its account in the same
--    statement: the account row lock serialises concurrent spends of one balance, and the
--    CHECK ledger_accounts_customer_not_negative refuses an overdraft.
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_asset asset;
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id RETURNING asset INTO account_asset;
  IF account_asset IS DISTINCT FROM NEW.asset THEN
    RAISE EXCEPTION 'posting in % to an account of %', NEW.asset, account_asset USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER postings_apply AFTER INSERT ON postings FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint
-- 2. Every journal entry has two or more postings summing to zero per asset, checked at
--    commit (deferred), when all of an entry's postings are in.
CREATE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM postings WHERE entry_id = NEW.entry_id) < 2 THEN
    RAISE EXCEPTION 'journal entry % has fewer than two postings', NEW.entry_id USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM postings WHERE entry_id = NEW.entry_id GROUP BY asset HAVING sum(amount) <> 0) THEN
    RAISE EXCEPTION 'journal entry % does not sum to zero', NEW.entry_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();
--> statement-breakpoint
-- 3. Entries and postings are immutable: a correction is a new entry.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger history is immutable: post a correcting entry' USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER postings_immutable BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
-- 4. A balance changes only through postings.
CREATE FUNCTION ledger_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_balance_guard();

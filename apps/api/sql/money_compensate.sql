-- Reverses a pending transaction the chain refused: its postings, the referral rewards it
-- paid, its unsent movements and token transfers, and whatever its operation type registered
-- as its compensation (a failed USDAU payout returns the grams).
CREATE OR REPLACE FUNCTION money_compensate(p_transaction uuid, p_reason text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  original transactions;
  lines jsonb;
  hook text;
BEGIN
  SELECT * INTO original FROM transactions WHERE id = p_transaction FOR UPDATE;
  IF NOT FOUND OR original.status <> 'pending' THEN
    RETURN true;
  END IF;
  SELECT jsonb_agg(jsonb_build_object('owner', a.owner_user_id, 'purpose', a.purpose, 'asset', p.asset, 'amount', (-p.amount)::text))
    INTO lines
    FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
   WHERE p.entry_id = original.journal_entry_id;
  BEGIN
    PERFORM ledger_post(original.type || '.compensation', format('%s: %s', original.code, p_reason), lines);
  EXCEPTION WHEN check_violation THEN
    UPDATE transactions SET failure_reason = format('%s Reversal needs an operator: the balance it takes back was spent.', p_reason),
                            updated_at = clock_timestamp()
     WHERE id = p_transaction;
    RETURN false;
  END;
  PERFORM referral_rewards_reverse(p_transaction);
  -- What the operation that booked it registered to undo besides its postings.
  SELECT t.compensation INTO hook FROM money_operation_types t WHERE t.kind = original.operation_kind;
  IF hook IS NOT NULL THEN
    EXECUTE format('SELECT %I($1)', hook) USING p_transaction;
  END IF;
  UPDATE chain_movements SET status = 'cancelled' WHERE transaction_id = p_transaction AND status = 'pending';
  UPDATE chain_transfers SET status = 'cancelled' WHERE transaction_id = p_transaction AND status = 'pending';
  INSERT INTO chain_movements (transaction_id, user_id, kind, amount)
  SELECT p_transaction, m.user_id, CASE WHEN m.kind = 'mint' THEN 'burn' ELSE 'mint' END::chain_movement_kind, m.amount
    FROM chain_movements m WHERE m.transaction_id = p_transaction AND m.status = 'settled';
  UPDATE transactions SET status = 'failed', failure_reason = p_reason, updated_at = clock_timestamp()
   WHERE id = p_transaction;
  RETURN true;
END
$$;

-- One lock order for the customer balance rows of a money batch (found by the crash test,
-- src/modules/settlement/settlement.crash.test.ts). A sell locked the customer's QMGT account
-- first (money_can_pay) and then their USDT account (its postings, in account-id order); a
-- swap locked USDT first and then QMGT. A sell and a swap of one customer in two concurrent
-- batches therefore deadlocked: PostgreSQL aborted one batch, the engine ran its operations
-- one by one, and an operation whose lone run deadlocked again was answered 500.
--
-- Now a batch first locks every balance row of every customer it serves, in account-id
-- order, before any other lock; the later locks of the batch (money_can_pay, the postings
-- trigger, quotes and Idempotency-Keys, which belong to those customers) are then already
-- held or cannot close a cycle. Platform accounts keep no stored balance and are not locked.
CREATE OR REPLACE FUNCTION money_execute_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  answers jsonb := '[]'::jsonb;
  op jsonb;
BEGIN
  PERFORM 1 FROM ledger_accounts
   WHERE owner_user_id IN (SELECT (o->>'userId')::uuid FROM jsonb_array_elements(p_ops) AS o)
   ORDER BY id
     FOR UPDATE;
  FOR op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    answers := answers || jsonb_build_array(money_execute(op));
  END LOOP;
  RETURN answers;
END
$$;

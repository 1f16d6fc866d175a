CREATE TYPE "public"."chain_movement_kind" AS ENUM('mint', 'burn');--> statement-breakpoint
CREATE TYPE "public"."chain_movement_status" AS ENUM('pending', 'sent', 'settled', 'refused', 'cancelled');--> statement-breakpoint
CREATE TABLE "chain_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"nonce" integer NOT NULL,
	"status" text NOT NULL,
	"block_number" numeric(78, 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_movements" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" "chain_movement_kind" NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" "chain_movement_status" DEFAULT 'pending' NOT NULL,
	"batch_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_reconciliations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"matches" boolean NOT NULL,
	"on_chain_supply" numeric(78, 0) NOT NULL,
	"ledger_supply" numeric(78, 0) NOT NULL,
	"pending_net" numeric(78, 0) NOT NULL,
	"differences" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
CREATE INDEX "chain_movements_open_idx" ON "chain_movements" USING btree ("seq") WHERE status IN ('pending', 'sent');--> statement-breakpoint
CREATE INDEX "chain_movements_transaction_idx" ON "chain_movements" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "chain_movements_batch_idx" ON "chain_movements" USING btree ("batch_id");--> statement-breakpoint
-- The money engine (docs/decisions/004). Every money operation is one call of
-- money_execute_batch: idempotency claim, checks, postings, business transaction, chain
-- outbox and the key's stored answer commit together or not at all.
--
-- Hot rows: customer balances stay stored (the CHECK keeps them >= 0, the row lock
-- serialises spends of one balance); the platform's few accounts no longer keep a stored
-- balance, so no operation waits on another's treasury or fees row. Their balances are the
-- sum of their postings.
ALTER TABLE "ledger_accounts" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "transactions" SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE "chain_movements" SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE "swap_quotes" SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DISABLE TRIGGER "ledger_accounts_guard";
--> statement-breakpoint
UPDATE "ledger_accounts" SET "balance" = 0 WHERE "owner_user_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ENABLE TRIGGER "ledger_accounts_guard";
--> statement-breakpoint
-- Postings are applied once per INSERT statement over the rows it added (a transition table)
-- rather than row by row: one existence/asset check, one set-based balance update and one
-- balance check per entry. An entry's postings go in with one statement (ledger_post, the
-- ledger service); a statement that leaves any entry it touched unbalanced, or with a single
-- posting, is refused.
DROP TRIGGER postings_apply ON postings;
--> statement-breakpoint
DROP FUNCTION ledger_apply_posting();
--> statement-breakpoint
DROP TRIGGER postings_balanced ON postings;
--> statement-breakpoint
DROP FUNCTION ledger_check_entry_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad_account uuid;
  bad_entry uuid;
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
  UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM (SELECT account_id, sum(amount) AS delta FROM new_postings GROUP BY account_id) d
   WHERE a.id = d.account_id AND a.owner_user_id IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER postings_apply AFTER INSERT ON postings REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
-- The account of (owner, asset, purpose), opened at zero the first time it is needed.
CREATE FUNCTION ledger_account_id(p_owner uuid, p_asset asset, p_purpose account_purpose) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  found_id uuid;
BEGIN
  IF p_owner IS NULL THEN
    SELECT id INTO found_id FROM ledger_accounts WHERE owner_user_id IS NULL AND asset = p_asset AND purpose = p_purpose;
  ELSE
    SELECT id INTO found_id FROM ledger_accounts WHERE owner_user_id = p_owner AND asset = p_asset AND purpose = p_purpose;
  END IF;
  IF found_id IS NOT NULL THEN
    RETURN found_id;
  END IF;
  INSERT INTO ledger_accounts (owner_user_id, asset, purpose) VALUES (p_owner, p_asset, p_purpose)
    ON CONFLICT DO NOTHING RETURNING id INTO found_id;
  IF found_id IS NULL THEN
    SELECT id INTO found_id FROM ledger_accounts
     WHERE owner_user_id IS NOT DISTINCT FROM p_owner AND asset = p_asset AND purpose = p_purpose;
  END IF;
  RETURN found_id;
END
$$;
--> statement-breakpoint
-- Posts one journal entry. p_lines: [{ owner: uuid or null, purpose, asset, amount: "integer" }].
-- Postings go in account-id order: two entries over the same accounts lock them in one order.
CREATE FUNCTION ledger_post(p_type text, p_memo text, p_lines jsonb) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  entry_id uuid := gen_random_uuid();
BEGIN
  INSERT INTO journal_entries (id, type, memo, created_at) VALUES (entry_id, p_type, p_memo, clock_timestamp());
  INSERT INTO postings (entry_id, account_id, asset, amount)
  SELECT entry_id, x.account_id, x.asset, x.amount
    FROM (SELECT ledger_account_id((l->>'owner')::uuid, (l->>'asset')::asset, (l->>'purpose')::account_purpose) AS account_id,
                 (l->>'asset')::asset AS asset, (l->>'amount')::numeric AS amount
            FROM jsonb_array_elements(p_lines) AS l) AS x
   ORDER BY x.account_id;
  RETURN entry_id;
END
$$;
--> statement-breakpoint
-- What the chain must do for an entry's lines: QMGT the ledger creates or destroys. The
-- platform's treasury QMGT account is the issuer (QMGT not yet in circulation); every other
-- holder has an address: a customer's custodial address, or the treasury address for
-- platform-held QMGT (fees). Net QMGT per address becomes one mint or one burn.
CREATE FUNCTION chain_movements_of(p_lines jsonb) RETURNS TABLE (user_id uuid, kind chain_movement_kind, amount numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT x.owner, CASE WHEN x.net > 0 THEN 'mint'::chain_movement_kind ELSE 'burn'::chain_movement_kind END, abs(x.net)
    FROM (SELECT (l->>'owner')::uuid AS owner, sum((l->>'amount')::numeric) AS net
            FROM jsonb_array_elements(p_lines) AS l
           WHERE l->>'asset' = 'QMGT' AND l->>'purpose' <> 'treasury'
           GROUP BY 1) AS x
   WHERE x.net <> 0
$$;
--> statement-breakpoint
-- A business transaction as the API answers it; amounts as text (JSON numbers lose digits).
CREATE FUNCTION transaction_json(t transactions) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'code', t.code, 'userId', t.user_id, 'type', t.type, 'status', t.status,
    'assetIn', t.asset_in, 'amountIn', t.amount_in::text, 'assetOut', t.asset_out, 'amountOut', t.amount_out::text,
    'price', t.price::text, 'fee', t.fee::text, 'feeAsset', t.fee_asset, 'journalEntryId', t.journal_entry_id,
    'txHash', t.tx_hash, 'failureReason', t.failure_reason, 'createdAt', t.created_at)
$$;
--> statement-breakpoint
CREATE FUNCTION money_refusal(p_status int, p_name text, p_message text, p_details jsonb DEFAULT '{}'::jsonb)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('status', p_status, 'error',
    jsonb_build_object('status', p_status, 'name', p_name, 'message', p_message, 'details', p_details))
$$;
--> statement-breakpoint
-- Books an entry with its business transaction and its chain movements. A transaction with
-- movements stays pending until the chain has them; one without is completed at once.
-- p_tx: { userId, type, code, assetIn, amountIn, assetOut, amountOut, price, fee, feeAsset, txHash }.
CREATE FUNCTION money_book(p_entry_type text, p_memo text, p_lines jsonb, p_tx jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  entry_id uuid;
  tx_id uuid := gen_random_uuid();
  movement_count int;
  booked transactions;
BEGIN
  entry_id := ledger_post(p_entry_type, p_memo, p_lines);
  -- The outbox rows first (no foreign key: they are written only here, with their transaction).
  INSERT INTO chain_movements (transaction_id, user_id, kind, amount)
  SELECT tx_id, m.user_id, m.kind, m.amount FROM chain_movements_of(p_lines) AS m ORDER BY m.kind DESC, m.user_id;
  GET DIAGNOSTICS movement_count = ROW_COUNT;
  INSERT INTO transactions (id, code, user_id, type, status, asset_in, amount_in, asset_out, amount_out, price, fee,
                            fee_asset, journal_entry_id, tx_hash, created_at, updated_at, settled_at)
  VALUES (tx_id, p_tx->>'code', (p_tx->>'userId')::uuid, p_tx->>'type',
          CASE WHEN movement_count > 0 THEN 'pending' ELSE 'completed' END::transaction_status,
          (p_tx->>'assetIn')::asset, (p_tx->>'amountIn')::numeric, (p_tx->>'assetOut')::asset,
          (p_tx->>'amountOut')::numeric, (p_tx->>'price')::numeric, (p_tx->>'fee')::numeric, (p_tx->>'feeAsset')::asset,
          entry_id, p_tx->>'txHash', clock_timestamp(), clock_timestamp(),
          CASE WHEN movement_count > 0 THEN NULL ELSE clock_timestamp() END)
  RETURNING * INTO booked;
  RETURN jsonb_build_object('status', 200, 'transaction', transaction_json(booked));
END
$$;
--> statement-breakpoint
-- A refusal before any posting when the customer's available balance cannot pay: a clear
-- answer instead of the CHECK's error (which still stands behind it). Locks the row.
-- Every account of the customer is locked, in id order: two operations of one customer (a
-- buy paying USDT, a sell paying QMGT) cannot each hold one row and wait for the other's.
CREATE FUNCTION money_can_pay(p_user uuid, p_asset asset, p_amount numeric) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  available numeric;
BEGIN
  SELECT x.balance INTO available
    FROM (SELECT id, asset, purpose, balance FROM ledger_accounts WHERE owner_user_id = p_user ORDER BY id FOR UPDATE) AS x
   WHERE x.asset = p_asset AND x.purpose = 'available';
  RETURN coalesce(available, 0) >= p_amount;
END
$$;
--> statement-breakpoint
-- The ledger entry of a swap: what the customer pays goes to the treasury, what they receive
-- comes from it, and the fee (kept back from what they receive) goes to the fees account.
CREATE FUNCTION money_swap_lines(p_user uuid, p_in asset, p_amount_in numeric, p_out asset, p_amount_out numeric, p_fee numeric)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
      jsonb_build_object('owner', p_user, 'purpose', 'available', 'asset', p_in, 'amount', (-p_amount_in)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', p_in, 'amount', p_amount_in::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', p_out, 'amount', (-(p_amount_out + p_fee))::text),
      jsonb_build_object('owner', p_user, 'purpose', 'available', 'asset', p_out, 'amount', p_amount_out::text))
    || CASE WHEN p_fee > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', p_out, 'amount', p_fee::text))
         ELSE '[]'::jsonb END
$$;
--> statement-breakpoint
CREATE FUNCTION money_book_swap(p_op jsonb, p_in asset, p_amount_in numeric, p_out asset, p_amount_out numeric, p_fee numeric, p_price numeric)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
BEGIN
  IF NOT money_can_pay(customer, p_in, p_amount_in) THEN
    RETURN money_refusal(422, 'InsufficientFundsError', format('Insufficient %s balance.', p_in), jsonb_build_object('asset', p_in));
  END IF;
  RETURN money_book(
    CASE WHEN p_in = 'USDT' THEN 'swap.buy_qmgt' ELSE 'swap.sell_qmgt' END, NULL,
    money_swap_lines(customer, p_in, p_amount_in, p_out, p_amount_out, p_fee),
    jsonb_build_object('userId', customer, 'type', 'QMGT', 'code', p_op->>'code', 'assetIn', p_in,
      'amountIn', p_amount_in::text, 'assetOut', p_out, 'amountOut', p_amount_out::text, 'price', p_price::text,
      'fee', p_fee::text, 'feeAsset', p_out));
END
$$;
--> statement-breakpoint
-- Operation "swap": executes a quote once, for its owner, before it expires. With
-- expectAssetIn/expectAmountIn (a sell at the quote shown) the quote must be for exactly that.
CREATE FUNCTION money_op_swap(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  quote swap_quotes;
  answer jsonb;
BEGIN
  SELECT * INTO quote FROM swap_quotes
   WHERE id = (p_op->>'quoteId')::uuid AND user_id = (p_op->>'userId')::uuid FOR UPDATE;
  IF NOT FOUND THEN
    RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
  END IF;
  IF p_op ? 'expectAssetIn' AND (quote.asset_in::text <> p_op->>'expectAssetIn'
                                 OR quote.amount_in <> (p_op->>'expectAmountIn')::numeric) THEN
    RETURN money_refusal(422, 'UnprocessableError', 'This quote is for another amount. Please ask for a new one.');
  END IF;
  IF quote.used_at IS NOT NULL THEN
    RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
  END IF;
  IF quote.expires_at <= (p_op->>'now')::timestamptz THEN
    RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
  END IF;
  answer := money_book_swap(p_op, quote.asset_in, quote.amount_in, quote.asset_out, quote.amount_out, quote.fee, quote.price);
  IF (answer->>'status')::int = 200 THEN
    UPDATE swap_quotes SET used_at = (p_op->>'now')::timestamptz WHERE id = quote.id;
  END IF;
  RETURN answer;
END
$$;
--> statement-breakpoint
-- Operation "sell": QMGT for USDT at the sell price the API computed from the current spot,
-- refused when the customer would get less than the minimum they accepted.
CREATE FUNCTION money_op_sell(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF (p_op->>'amountOut')::numeric < (p_op->>'minAmountOut')::numeric THEN
    RETURN money_refusal(422, 'PriceMovedError',
      'The sell price moved: you would receive less than the minimum you accepted. Check the new price and try again.',
      jsonb_build_object('amountOut', p_op->>'amountOut'));
  END IF;
  RETURN money_book_swap(p_op, 'QMGT', (p_op->>'amountIn')::numeric, 'USDT', (p_op->>'amountOut')::numeric,
                         (p_op->>'fee')::numeric, (p_op->>'price')::numeric);
END
$$;
--> statement-breakpoint
-- Operation "deposit": a final USDT transfer to a custodial address, credited once per chain log.
CREATE FUNCTION money_op_deposit(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  answer jsonb;
BEGIN
  INSERT INTO chain_deposits (tx_hash, log_index, user_id, amount, block_number)
  VALUES (p_op->>'txHash', (p_op->>'logIndex')::int, customer, (p_op->>'amount')::numeric, (p_op->>'blockNumber')::numeric)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 200, 'duplicate', true);
  END IF;
  answer := money_book('deposit', format('%s#%s', p_op->>'txHash', p_op->>'logIndex'),
    jsonb_build_array(
      jsonb_build_object('owner', NULL, 'purpose', 'external', 'asset', 'USDT', 'amount', (-(p_op->>'amount')::numeric)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'USDT', 'amount', p_op->>'amount')),
    jsonb_build_object('userId', customer, 'type', 'DEPOSIT', 'code', p_op->>'code', 'assetOut', 'USDT',
      'amountOut', p_op->>'amount', 'txHash', p_op->>'txHash'));
  UPDATE chain_deposits SET transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE tx_hash = p_op->>'txHash' AND log_index = (p_op->>'logIndex')::int;
  RETURN answer;
END
$$;
--> statement-breakpoint
-- One money operation under its Idempotency-Key: the claim, the operation and the stored
-- answer are one transaction, so after a crash there is either all of it or none of it. A
-- second request with the key waits on the first one's claim row, then answers as it did.
CREATE FUNCTION money_execute(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  kind text := p_op->>'kind';
  customer uuid := (p_op->>'userId')::uuid;
  idem_key text := p_op->>'key';
  earlier idempotency_keys;
  answer jsonb;
BEGIN
  IF kind IS NULL OR kind !~ '^[a-z_]{1,40}$' THEN
    RAISE EXCEPTION 'unknown money operation %', kind USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF idem_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, scope, request_hash, state)
    VALUES (customer, idem_key, p_op->>'scope', p_op->>'requestHash', 'done')
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT * INTO earlier FROM idempotency_keys WHERE user_id = customer AND key = idem_key;
      IF earlier.request_hash <> p_op->>'requestHash' THEN
        RETURN money_refusal(422, 'UnprocessableError', 'This Idempotency-Key was already used for a different request.');
      END IF;
      IF earlier.state <> 'done' OR earlier.response_body IS NULL THEN
        -- Left "running" by the three-step idempotency this engine replaced: its outcome is unknown.
        RETURN money_refusal(409, 'IdempotencyKeyInUseError',
          'A request with this Idempotency-Key is still being processed. Try again in a moment.');
      END IF;
      RETURN earlier.response_body || jsonb_build_object('replayed', true);
    END IF;
  END IF;
  -- The platform's own operation types are called directly (planned once); one a later
  -- migration adds is found by name.
  answer := CASE kind
    WHEN 'sell' THEN money_op_sell(p_op)
    WHEN 'swap' THEN money_op_swap(p_op)
    WHEN 'deposit' THEN money_op_deposit(p_op)
    ELSE NULL
  END;
  IF answer IS NULL THEN
    EXECUTE format('SELECT money_op_%s($1)', kind) INTO answer USING p_op;
  END IF;
  IF idem_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = (answer->>'status')::int, response_body = answer, completed_at = clock_timestamp()
     WHERE user_id = customer AND key = idem_key;
  END IF;
  RETURN answer;
END
$$;
--> statement-breakpoint
-- Group commit: several operations in one transaction, each with its own answer, in the
-- order given (the API sorts them by customer so two batches lock rows in one order).
CREATE FUNCTION money_execute_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  answers jsonb := '[]'::jsonb;
  op jsonb;
BEGIN
  FOR op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    answers := answers || jsonb_build_array(money_execute(op));
  END LOOP;
  RETURN answers;
END
$$;
--> statement-breakpoint
-- Compensation of an operation the chain finally refused: the exact reversal of its entry,
-- without chain movements for what never reached the chain; what did reach it (a settled
-- movement of the same operation) is undone on chain by an opposite movement. Returns false,
-- leaving the transaction pending and marked for an operator, when the reversal cannot be
-- posted (the customer has already spent what it takes back).
CREATE FUNCTION money_compensate(p_transaction uuid, p_reason text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  original transactions;
  lines jsonb;
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
  UPDATE chain_movements SET status = 'cancelled' WHERE transaction_id = p_transaction AND status = 'pending';
  INSERT INTO chain_movements (transaction_id, user_id, kind, amount)
  SELECT p_transaction, m.user_id, CASE WHEN m.kind = 'mint' THEN 'burn' ELSE 'mint' END::chain_movement_kind, m.amount
    FROM chain_movements m WHERE m.transaction_id = p_transaction AND m.status = 'settled';
  UPDATE transactions SET status = 'failed', failure_reason = p_reason, updated_at = clock_timestamp()
   WHERE id = p_transaction;
  RETURN true;
END
$$;

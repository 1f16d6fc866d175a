-- USDAU requests paid on chain through the settlement sender, and the proof of reserves.
CREATE TABLE "chain_transfers" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"token" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" "chain_movement_status" DEFAULT 'pending' NOT NULL,
	"batch_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usdau_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"grams" numeric(78, 0) NOT NULL,
	"address" text NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"usdau_amount" numeric(78, 0) NOT NULL,
	"lock_entry_id" uuid NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text,
	CONSTRAINT "usdau_requests_code_unique" UNIQUE("code"),
	CONSTRAINT "usdau_requests_status" CHECK ("usdau_requests"."status" IN ('requested', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "reserve_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"on_chain_qmgt" numeric(78, 0),
	"ledger_qmgt" numeric(78, 0) NOT NULL,
	"ledger_gold" numeric(78, 0) NOT NULL,
	"vault_gold" numeric(78, 0) NOT NULL,
	"bars" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_bars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"refinery" text NOT NULL,
	"fine_grams" numeric(78, 0) NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chain_batches" ADD COLUMN "transfer_seq" bigint;
--> statement-breakpoint
ALTER TABLE "chain_batches" ADD COLUMN "raw_tx" text;
--> statement-breakpoint
ALTER TABLE "usdau_requests" ADD CONSTRAINT "usdau_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "usdau_requests" ADD CONSTRAINT "usdau_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "chain_transfers_open_idx" ON "chain_transfers" USING btree ("seq") WHERE status IN ('pending', 'sent');
--> statement-breakpoint
CREATE INDEX "chain_transfers_transaction_idx" ON "chain_transfers" USING btree ("transaction_id");
--> statement-breakpoint
CREATE INDEX "usdau_requests_user_idx" ON "usdau_requests" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "usdau_requests_queue_idx" ON "usdau_requests" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "reserve_snapshots_checked_idx" ON "reserve_snapshots" USING btree ("checked_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "vault_bars_serial_idx" ON "vault_bars" USING btree ("refinery","serial") WHERE "vault_bars"."removed_at" IS NULL;
--> statement-breakpoint
-- Operation "usdau_request": grams of the customer's GSA (GOLD available) are locked against
-- a payout in USDAU to an external address, at the figures the API computed (spot x 0.98).
CREATE FUNCTION money_op_usdau_request(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  grams numeric := (p_op->>'grams')::numeric;
  lock_entry uuid;
  request usdau_requests;
BEGIN
  IF NOT money_can_pay(customer, 'GOLD', grams) THEN
    RETURN money_refusal(422, 'InsufficientFundsError',
      'Insufficient gold balance: your gold savings account holds fewer grams.', jsonb_build_object('asset', 'GOLD'));
  END IF;
  lock_entry := ledger_post('usdau.lock', p_op->>'code', jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', (-grams)::text),
    jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', grams::text)));
  INSERT INTO usdau_requests (code, user_id, grams, address, price, usdau_amount, lock_entry_id, created_at)
  VALUES (p_op->>'code', customer, grams, p_op->>'address', (p_op->>'price')::numeric,
          (p_op->>'usdauAmount')::numeric, lock_entry, (p_op->>'now')::timestamptz)
  RETURNING * INTO request;
  RETURN jsonb_build_object('status', 200, 'requestId', request.id);
END
$$;
--> statement-breakpoint
-- Operation "usdau_decide": an operator approves (the locked grams return to the vault, the
-- USDAU leaves the treasury for the outside world, and a chain transfer to the customer's
-- address is written in the same transaction: the outbox the one sender pays from) or rejects
-- (the grams return to the GSA). A request is decided once. The payout's transaction stays
-- pending until the transfer is final on chain.
CREATE FUNCTION money_op_usdau_decide(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  request usdau_requests;
  answer jsonb;
  payout uuid;
BEGIN
  SELECT * INTO request FROM usdau_requests WHERE id = (p_op->>'requestId')::uuid AND user_id = customer FOR UPDATE;
  IF request.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'USDAU request not found.');
  END IF;
  IF request.status <> 'requested' THEN
    RETURN money_refusal(409, 'ConflictError', format('This USDAU request was already %s.', request.status));
  END IF;
  IF p_op->>'decision' = 'approve' THEN
    answer := money_book('usdau.payout', request.id::text, jsonb_build_array(
        jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-request.grams)::text),
        jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', request.grams::text),
        jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDAU', 'amount', (-request.usdau_amount)::text),
        jsonb_build_object('owner', NULL, 'purpose', 'external', 'asset', 'USDAU', 'amount', request.usdau_amount::text)),
      jsonb_build_object('userId', customer, 'type', 'USDAU', 'code', request.code, 'assetIn', 'GOLD',
        'amountIn', request.grams::text, 'assetOut', 'USDAU', 'amountOut', request.usdau_amount::text,
        'price', request.price::text, 'fee', NULL, 'feeAsset', NULL));
    payout := (answer->'transaction'->>'id')::uuid;
    INSERT INTO chain_transfers (transaction_id, token, to_address, amount)
    VALUES (payout, 'USDAU', request.address, request.usdau_amount);
    UPDATE transactions SET status = 'pending', settled_at = NULL WHERE id = payout;
    UPDATE usdau_requests SET status = 'approved', decided_at = (p_op->>'now')::timestamptz,
           decided_by = (p_op->>'operatorId')::uuid, transaction_id = payout
     WHERE id = request.id;
    RETURN jsonb_set(answer, '{transaction,status}', '"pending"') || jsonb_build_object('requestId', request.id);
  END IF;
  PERFORM ledger_post('usdau.reject', request.id::text, jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-request.grams)::text),
    jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', request.grams::text)));
  UPDATE usdau_requests SET status = 'rejected', decided_at = (p_op->>'now')::timestamptz,
         decided_by = (p_op->>'operatorId')::uuid, reason = p_op->>'reason'
   WHERE id = request.id;
  RETURN jsonb_build_object('status', 200, 'requestId', request.id);
END
$$;
--> statement-breakpoint
-- Compensation (money_compensate, below) of a USDAU payout the chain never made: the reversal
-- put the grams back under the lock; they return to the customer's GSA.
CREATE FUNCTION usdau_payout_failed(p_transaction uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  request usdau_requests;
BEGIN
  SELECT * INTO request FROM usdau_requests WHERE transaction_id = p_transaction FOR UPDATE;
  IF request.id IS NULL THEN
    RETURN;
  END IF;
  PERFORM ledger_post('usdau.release', request.id::text, jsonb_build_array(
    jsonb_build_object('owner', request.user_id, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-request.grams)::text),
    jsonb_build_object('owner', request.user_id, 'purpose', 'available', 'asset', 'GOLD', 'amount', request.grams::text)));
END
$$;
--> statement-breakpoint
-- 0010's compensation, plus: an unsent token transfer of the operation is cancelled with its
-- movements, and a failed USDAU payout returns the grams.
CREATE OR REPLACE FUNCTION money_compensate(p_transaction uuid, p_reason text) RETURNS boolean LANGUAGE plpgsql AS $$
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
  PERFORM referral_rewards_reverse(p_transaction);
  IF original.type = 'USDAU' THEN
    PERFORM usdau_payout_failed(p_transaction);
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

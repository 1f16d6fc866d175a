ALTER TYPE "public"."asset" ADD VALUE 'USD';--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"session_id" text,
	"checkout_url" text,
	"amount_cents" numeric(78, 0) NOT NULL,
	"fee_cents" numeric(78, 0) NOT NULL,
	"grams" numeric(78, 0) NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"transaction_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	"mailed_status" text,
	CONSTRAINT "payments_code_unique" UNIQUE("code"),
	CONSTRAINT "payments_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "payments_status" CHECK ("payments"."status" IN ('pending', 'credited', 'cancelled', 'expired', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"round_up" numeric(78, 0) NOT NULL,
	"grams" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"price" numeric(78, 0),
	"sender_transaction_id" uuid NOT NULL,
	"recipient_transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "remittances_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "save_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_in" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"grams" numeric(78, 0) NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "save_quotes_kind" CHECK ("save_quotes"."kind" IN ('SPEND', 'REMIT'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"client_reference_id" text NOT NULL,
	"amount_cents" numeric(78, 0) NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "save_quotes" ADD CONSTRAINT "save_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "remittances_sender_idx" ON "remittances" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "remittances_recipient_idx" ON "remittances" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "remittances_unmailed_idx" ON "remittances" USING btree ("created_at") WHERE "remittances"."mailed_at" IS NULL;--> statement-breakpoint
-- Only plpgsql below: it is not checked against the types until it runs, and the new 'USD'
-- asset value cannot be used in the transaction that adds it.
--
-- A paid Spend To Save payment and a downline's purchase of any other kind reward uplines
-- alike (DESIGN.md section 8); a payment's amount is USD cents, recorded as USDT units (1:1).
CREATE OR REPLACE FUNCTION money_purchase_kinds() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['swap', 'gae_purchase', 'gae_auto_save', 'payment_credit']
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_book(p_entry_type text, p_memo text, p_lines jsonb, p_tx jsonb) RETURNS jsonb
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
  -- A purchase rewards its buyer's uplines in the same transaction (tested here, not in the
  -- callee, so that a sell or a deposit does not pay for a function call).
  IF (booked.asset_in::text = 'USDT' AND booked.type IN ('QMGT', 'GAE', 'GAEX', 'GES'))
     OR (booked.asset_in::text = 'USD' AND booked.type = 'PAYMENT') THEN
    PERFORM referral_rewards_credit(booked);
  END IF;
  RETURN jsonb_build_object('status', 200, 'transaction', transaction_json(booked));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION referral_rewards_credit(t transactions) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bought numeric;
  upline uuid := t.user_id;
  rates int[] := ARRAY[500, 200, 100];
  lvl int;
  reward numeric;
  lines jsonb := '[]'::jsonb;
  credits jsonb := '[]'::jsonb;
  entry uuid;
  total numeric := 0;
BEGIN
  IF NOT ((t.asset_in::text = 'USDT' AND t.type IN ('QMGT', 'GAE', 'GAEX', 'GES'))
          OR (t.asset_in::text = 'USD' AND t.type = 'PAYMENT')) THEN
    RETURN;
  END IF;
  bought := CASE t.asset_out::text
    WHEN 'QMGT' THEN coalesce(t.amount_out, 0) + CASE WHEN t.fee_asset::text = 'QMGT' THEN coalesce(t.fee, 0) ELSE 0 END
    WHEN 'GOLD' THEN coalesce(t.amount_out, 0) * 1000000000000
    ELSE 0 END;
  IF bought <= 0 THEN
    RETURN;
  END IF;
  FOR lvl IN 1..3 LOOP
    SELECT u.upline_id INTO upline FROM users u WHERE u.id = upline;
    EXIT WHEN upline IS NULL;
    -- div(): integer division; numeric '/' rounds to a limited scale first.
    reward := div(bought * rates[lvl], 10000);
    IF reward > 0 THEN
      lines := lines || jsonb_build_array(
        jsonb_build_object('owner', upline, 'purpose', 'rewards', 'asset', 'QMGT', 'amount', reward::text));
      credits := credits || jsonb_build_array(jsonb_build_object('upline', upline, 'level', lvl, 'amount', reward::text));
      total := total + reward;
    END IF;
  END LOOP;
  IF total = 0 THEN
    RETURN;
  END IF;
  entry := ledger_post('referral.reward', t.code, lines || jsonb_build_array(
    jsonb_build_object('owner', NULL, 'purpose', 'rewards_pool', 'asset', 'QMGT', 'amount', (-total)::text)));
  INSERT INTO referral_rewards (beneficiary_id, source_user_id, source_transaction_id, source_type, source_code, level,
                                purchase_usdt, amount, entry_id, vests_at, created_at)
  SELECT (c->>'upline')::uuid, t.user_id, t.id, t.type, t.code, (c->>'level')::int,
         -- USD cents as USDT units (1 USD = 1 USDT, 2 against 18 decimals).
         CASE WHEN t.asset_in::text = 'USD' THEN t.amount_in * 10000000000000000 ELSE t.amount_in END,
         (c->>'amount')::numeric, entry,
         t.created_at + make_interval(days => (SELECT value::int FROM platform_settings WHERE key = 'reward_vesting_days')),
         t.created_at
    FROM jsonb_array_elements(credits) AS c;
END
$$;
--> statement-breakpoint
-- A remittance moves money into a second customer's accounts: the batch locks the recipient's
-- rows with everyone else's, in one order, so two remittances crossing cannot deadlock.
CREATE OR REPLACE FUNCTION money_execute_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  answers jsonb := '[]'::jsonb;
  op jsonb;
  customers uuid[];
  level uuid[];
  depth int;
BEGIN
  SELECT array_agg(DISTINCT c) INTO customers
    FROM jsonb_array_elements(p_ops) AS o,
         LATERAL (VALUES ((o->>'userId')::uuid), ((o->>'recipientId')::uuid)) AS v(c)
   WHERE c IS NOT NULL;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_ops) AS o
              WHERE o->>'kind' = ANY (money_purchase_kinds()) OR o->>'kind' LIKE 'ges\_%') THEN
    level := customers;
    FOR depth IN 1..3 LOOP
      SELECT array_agg(DISTINCT u.upline_id) INTO level FROM users u WHERE u.id = ANY (level) AND u.upline_id IS NOT NULL;
      EXIT WHEN level IS NULL;
      customers := customers || level;
    END LOOP;
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE owner_user_id = ANY (customers) ORDER BY id FOR UPDATE;
  FOR op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    answers := answers || jsonb_build_array(money_execute(op));
  END LOOP;
  RETURN answers;
END
$$;
--> statement-breakpoint
-- Operation "payment_credit": a paid Spend To Save payment puts the quoted grams into the GSA,
-- once: the payment row is locked and a second event finds it credited. The gateway's word on
-- the money wins over our own bookkeeping: a payment we marked cancelled or expired that the
-- gateway reports paid is credited. An amount or currency other than the checkout's is not.
CREATE FUNCTION money_op_payment_credit(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  now_at timestamptz := (p_op->>'now')::timestamptz;
  p payments;
  answer jsonb;
BEGIN
  SELECT * INTO p FROM payments WHERE id = (p_op->>'paymentId')::uuid AND user_id = customer FOR UPDATE;
  IF p.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Payment not found.');
  END IF;
  IF p.status = 'credited' THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'duplicate');
  END IF;
  IF (p_op->>'amountCents')::numeric IS DISTINCT FROM p.amount_cents OR lower(p_op->>'currency') IS DISTINCT FROM 'usd' THEN
    UPDATE payments SET status = 'failed', updated_at = now_at,
           failure_reason = 'The payment gateway reported a different amount. Our support team will contact you.'
     WHERE id = p.id;
    RETURN jsonb_build_object('status', 200, 'outcome', 'mismatch');
  END IF;
  answer := money_book('payment.credit', p.id::text, jsonb_build_array(
      jsonb_build_object('owner', NULL, 'purpose', 'external', 'asset', 'USD', 'amount', (-p.amount_cents)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USD', 'amount', (p.amount_cents - p.fee_cents)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', (-p.grams)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', p.grams::text))
    || CASE WHEN p.fee_cents > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'USD', 'amount', p.fee_cents::text))
         ELSE '[]'::jsonb END,
    jsonb_build_object('userId', customer, 'type', 'PAYMENT', 'code', p.code, 'assetIn', 'USD',
      'amountIn', p.amount_cents::text, 'assetOut', 'GOLD', 'amountOut', p.grams::text, 'price', p.price::text,
      'fee', p.fee_cents::text, 'feeAsset', 'USD'));
  UPDATE payments SET status = 'credited', failure_reason = NULL, credited_at = now_at, updated_at = now_at,
         transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE id = p.id;
  RETURN answer || jsonb_build_object('outcome', 'credited');
END
$$;
--> statement-breakpoint
-- Operation "remit": USDT from the caller to another verified customer and, with a round-up,
-- the round-up's grams (at the quote the sender saw) into the sender's GSA: one entry. The
-- sender's and the recipient's histories each get a transaction row pointing at it.
CREATE FUNCTION money_op_remit(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  recipient uuid := (p_op->>'recipientId')::uuid;
  now_at timestamptz := (p_op->>'now')::timestamptz;
  amount numeric := (p_op->>'amount')::numeric;
  round_up numeric := coalesce((p_op->>'roundUp')::numeric, 0);
  quote save_quotes;
  grams numeric := 0;
  fee numeric := 0;
  lines jsonb;
  answer jsonb;
  received transactions;
  remit_id uuid := gen_random_uuid();
BEGIN
  IF amount IS NULL OR amount <= 0 OR round_up < 0 THEN
    RETURN money_refusal(422, 'UnprocessableError', 'The amount must be more than zero.');
  END IF;
  IF recipient = customer THEN
    RETURN money_refusal(422, 'UnprocessableError', 'You cannot remit to yourself.', jsonb_build_object('field', 'recipient'));
  END IF;
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = recipient AND kyc_status::text = 'Verified') THEN
    RETURN money_refusal(422, 'UnprocessableError',
      'This recipient has not verified their identity yet, so they cannot receive remittances.',
      jsonb_build_object('field', 'recipient'));
  END IF;
  IF round_up > 0 THEN
    SELECT * INTO quote FROM save_quotes
     WHERE id = (p_op->>'quoteId')::uuid AND user_id = customer AND kind = 'REMIT' FOR UPDATE;
    IF quote.id IS NULL THEN
      RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
    END IF;
    IF quote.used_at IS NOT NULL THEN
      RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
    END IF;
    IF quote.expires_at <= now_at THEN
      RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
    END IF;
    IF quote.amount_in <> round_up THEN
      RETURN money_refusal(409, 'ConflictError', 'This quote was for a different round-up. Please ask for a new one.');
    END IF;
    grams := quote.grams;
    fee := quote.fee;
  END IF;
  IF NOT money_can_pay(customer, 'USDT', amount + round_up) THEN
    RETURN money_refusal(422, 'InsufficientFundsError', 'Insufficient USDT balance.', jsonb_build_object('asset', 'USDT'));
  END IF;
  lines := jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'USDT', 'amount', (-(amount + round_up))::text),
    jsonb_build_object('owner', recipient, 'purpose', 'available', 'asset', 'USDT', 'amount', amount::text));
  IF round_up > 0 THEN
    lines := lines || jsonb_build_array(
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDT', 'amount', (round_up - fee)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', (-grams)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', grams::text))
      || CASE WHEN fee > 0
           THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'USDT', 'amount', fee::text))
           ELSE '[]'::jsonb END;
  END IF;
  answer := money_book('remit', remit_id::text, lines,
    jsonb_build_object('userId', customer, 'type', 'REMIT', 'code', p_op->>'code', 'assetIn', 'USDT',
      'amountIn', (amount + round_up)::text,
      'assetOut', CASE WHEN grams > 0 THEN 'GOLD' END, 'amountOut', CASE WHEN grams > 0 THEN grams::text END,
      'price', CASE WHEN grams > 0 THEN quote.price::text END,
      'fee', CASE WHEN grams > 0 THEN fee::text END, 'feeAsset', CASE WHEN grams > 0 THEN 'USDT' END));
  INSERT INTO transactions (code, user_id, type, status, asset_out, amount_out, journal_entry_id, created_at, updated_at,
                            settled_at)
  SELECT p_op->>'recipientCode', recipient, 'REMIT', 'completed', t.asset_in, amount, t.journal_entry_id,
         t.created_at, t.created_at, t.created_at
    FROM transactions t WHERE t.id = (answer->'transaction'->>'id')::uuid
  RETURNING * INTO received;
  INSERT INTO remittances (id, code, sender_id, recipient_id, amount, round_up, grams, fee, price, sender_transaction_id,
                           recipient_transaction_id, created_at)
  VALUES (remit_id, p_op->>'code', customer, recipient, amount, round_up, grams, fee, quote.price,
          (answer->'transaction'->>'id')::uuid, received.id, now_at);
  IF quote.id IS NOT NULL THEN
    UPDATE save_quotes SET used_at = now_at WHERE id = quote.id;
  END IF;
  RETURN answer || jsonb_build_object('remittanceId', remit_id);
END
$$;

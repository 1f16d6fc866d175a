-- Gold savings (issue 9): the GAE plan, its quotes, termination requests, monthly auto-save
-- runs, and Convert between QMGT and GSA grams. Every movement is an operation type of the
-- money engine (money_op_<kind>, found by name by money_execute): one call, one commit.
--
-- Ledger: a customer's GOLD lives in three accounts: `available` (the GSA), `gae_plan` (grams
-- bought into the plan) and `locked` (grams under a termination or USDAU request). The
-- platform's `gold_vault` GOLD account is the issuer of grams, as `treasury` is of QMGT.
ALTER TYPE "public"."account_purpose" ADD VALUE IF NOT EXISTS 'gae_plan';
--> statement-breakpoint
-- A new enum value cannot be used in the transaction that adds it: compare as text.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_matches_purpose";
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_matches_purpose"
  CHECK (("owner_user_id" IS NULL) = ("purpose"::text NOT IN ('available', 'locked', 'rewards', 'gae_plan')));
--> statement-breakpoint
CREATE TABLE "gae_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"status" text DEFAULT 'active' NOT NULL,
	"cost_usdt" numeric(78, 0) DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"auto_save_amount" numeric(78, 0),
	"auto_save_day" integer,
	"auto_save_next" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gae_plans_status" CHECK ("status" IN ('active', 'terminating', 'terminated')),
	CONSTRAINT "gae_plans_auto_save" CHECK (("auto_save_amount" IS NULL) = ("auto_save_day" IS NULL)
	  AND ("auto_save_day" IS NULL OR "auto_save_day" BETWEEN 1 AND 28))
);
--> statement-breakpoint
-- One open plan per customer; a terminated plan may be followed by a new one.
CREATE UNIQUE INDEX "gae_plans_one_open" ON "gae_plans" ("user_id") WHERE "status" <> 'terminated';
--> statement-breakpoint
CREATE INDEX "gae_plans_auto_save_due" ON "gae_plans" ("auto_save_next") WHERE "auto_save_next" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "gold_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"asset_in" "asset" NOT NULL,
	"amount_in" numeric(78, 0) NOT NULL,
	"asset_out" "asset" NOT NULL,
	"amount_out" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"fee_asset" "asset" NOT NULL,
	"price" numeric(78, 0),
	"spot" numeric(78, 0),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gold_quotes_kind" CHECK ("kind" IN ('GAE', 'GAEX', 'CONVERT'))
) WITH (fillfactor = 80);
--> statement-breakpoint
CREATE INDEX "gold_quotes_user_idx" ON "gold_quotes" ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "gae_terminations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL UNIQUE,
	"plan_id" uuid NOT NULL REFERENCES "gae_plans"("id") ON DELETE restrict,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"status" text DEFAULT 'requested' NOT NULL,
	"currency" "asset" NOT NULL,
	"grams" numeric(78, 0) NOT NULL,
	"spot" numeric(78, 0) NOT NULL,
	"gross" numeric(78, 0) NOT NULL,
	"early_exit" boolean NOT NULL,
	"early_exit_fee" numeric(78, 0) NOT NULL,
	"refund" numeric(78, 0) NOT NULL,
	"lock_entry_id" uuid NOT NULL,
	"refund_transaction_id" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"reason" text,
	CONSTRAINT "gae_terminations_status" CHECK ("status" IN ('requested', 'approved', 'rejected')),
	CONSTRAINT "gae_terminations_currency" CHECK ("currency" IN ('USDT', 'QMGT'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gae_terminations_one_open" ON "gae_terminations" ("plan_id") WHERE "status" = 'requested';
--> statement-breakpoint
CREATE INDEX "gae_terminations_queue_idx" ON "gae_terminations" ("status", "requested_at");
--> statement-breakpoint
-- One row per plan and month: the auto-save job's exactly-once guard, written in the same
-- transaction as the purchase it records (or the skip, when the balance was short).
CREATE TABLE "gae_auto_save_runs" (
	"plan_id" uuid NOT NULL REFERENCES "gae_plans"("id") ON DELETE restrict,
	"period" text NOT NULL,
	"outcome" text NOT NULL,
	"transaction_id" uuid,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("plan_id", "period"),
	CONSTRAINT "gae_auto_save_runs_outcome" CHECK ("outcome" IN ('bought', 'skipped'))
);
--> statement-breakpoint
CREATE INDEX "gae_auto_save_runs_unmailed" ON "gae_auto_save_runs" ("created_at") WHERE "outcome" = 'skipped' AND "mailed_at" IS NULL;
--> statement-breakpoint
-- A quote of gold_quotes, locked, checked for its owner, kind, use and age. Answers NULL when
-- it may be executed, else the refusal.
CREATE FUNCTION gold_quote_refusal(quote gold_quotes, p_op jsonb, p_kinds text[]) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF quote.id IS NULL OR NOT (quote.kind = ANY (p_kinds)) THEN
    RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
  END IF;
  IF quote.used_at IS NOT NULL THEN
    RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
  END IF;
  IF quote.expires_at <= (p_op->>'now')::timestamptz THEN
    RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The entry of a GAE purchase: the customer's USDT to the treasury (the markup to fees), the
-- vault's grams into their plan.
CREATE FUNCTION gae_purchase_lines(p_user uuid, p_usdt numeric, p_fee numeric, p_grams numeric)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
      jsonb_build_object('owner', p_user, 'purpose', 'available', 'asset', 'USDT', 'amount', (-p_usdt)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDT', 'amount', (p_usdt - p_fee)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', (-p_grams)::text),
      jsonb_build_object('owner', p_user, 'purpose', 'gae_plan', 'asset', 'GOLD', 'amount', p_grams::text))
    || CASE WHEN p_fee > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'USDT', 'amount', p_fee::text))
         ELSE '[]'::jsonb END
$$;
--> statement-breakpoint
-- Books a purchase into the customer's plan, opening it when they have none. Refuses a GAEX
-- without an open plan and any purchase while a termination is pending.
CREATE FUNCTION gae_book_purchase(p_op jsonb, p_kind text, p_usdt numeric, p_grams numeric, p_fee numeric, p_price numeric)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  plan gae_plans;
  answer jsonb;
BEGIN
  SELECT * INTO plan FROM gae_plans WHERE user_id = customer AND status <> 'terminated' FOR UPDATE;
  IF plan.id IS NULL AND p_kind = 'GAEX' THEN
    RETURN money_refusal(409, 'ConflictError', 'A GAE Extra top-up needs an open GAE plan. Open your plan with a GAE purchase first.');
  END IF;
  IF plan.status = 'terminating' THEN
    RETURN money_refusal(409, 'ConflictError', 'Your GAE plan has a termination request pending: purchases are paused until it is decided.');
  END IF;
  IF NOT money_can_pay(customer, 'USDT', p_usdt) THEN
    RETURN money_refusal(422, 'InsufficientFundsError', 'Insufficient USDT balance.', jsonb_build_object('asset', 'USDT'));
  END IF;
  IF plan.id IS NULL THEN
    INSERT INTO gae_plans (user_id, opened_at) VALUES (customer, (p_op->>'now')::timestamptz) RETURNING * INTO plan;
  END IF;
  answer := money_book('gae.' || lower(p_kind), plan.id::text, gae_purchase_lines(customer, p_usdt, p_fee, p_grams),
    jsonb_build_object('userId', customer, 'type', p_kind, 'code', p_op->>'code', 'assetIn', 'USDT',
      'amountIn', p_usdt::text, 'assetOut', 'GOLD', 'amountOut', p_grams::text, 'price', p_price::text,
      'fee', p_fee::text, 'feeAsset', 'USDT'));
  UPDATE gae_plans SET cost_usdt = cost_usdt + p_usdt, updated_at = clock_timestamp() WHERE id = plan.id;
  RETURN answer || jsonb_build_object('planId', plan.id);
END
$$;
--> statement-breakpoint
-- Operation "gae_purchase": a GAE or GAEX quote, executed once by its owner before it expires.
CREATE FUNCTION money_op_gae_purchase(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  quote gold_quotes;
  refusal jsonb;
  answer jsonb;
BEGIN
  SELECT * INTO quote FROM gold_quotes
   WHERE id = (p_op->>'quoteId')::uuid AND user_id = (p_op->>'userId')::uuid FOR UPDATE;
  refusal := gold_quote_refusal(quote, p_op, ARRAY['GAE', 'GAEX']);
  IF refusal IS NOT NULL THEN
    RETURN refusal;
  END IF;
  answer := gae_book_purchase(p_op, quote.kind, quote.amount_in, quote.amount_out, quote.fee, quote.price);
  IF (answer->>'status')::int = 200 THEN
    UPDATE gold_quotes SET used_at = (p_op->>'now')::timestamptz WHERE id = quote.id;
  END IF;
  RETURN answer;
END
$$;
--> statement-breakpoint
-- Operation "gae_auto_save": one month's auto-save purchase of one plan, at most once per
-- (plan, period) whoever runs it and however often. A short balance is recorded as skipped
-- (to be mailed), never overdrawn. The figures come from the API's pricing rules.
CREATE FUNCTION money_op_gae_auto_save(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  plan gae_plans;
  answer jsonb;
  next_day date := (p_op->>'nextRunOn')::date;
BEGIN
  SELECT * INTO plan FROM gae_plans WHERE id = (p_op->>'planId')::uuid AND user_id = customer FOR UPDATE;
  IF plan.id IS NULL OR plan.status <> 'active' OR plan.auto_save_amount IS NULL
     OR plan.auto_save_amount <> (p_op->>'amountUsdt')::numeric THEN
    -- Switched off, changed or terminated since the job read it: nothing is due.
    RETURN jsonb_build_object('status', 200, 'outcome', 'not_due');
  END IF;
  INSERT INTO gae_auto_save_runs (plan_id, period, outcome) VALUES (plan.id, p_op->>'period', 'skipped')
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Run already (by another pass or process): make sure the plan has moved past it.
    UPDATE gae_plans SET auto_save_next = greatest(auto_save_next, next_day) WHERE id = plan.id;
    RETURN jsonb_build_object('status', 200, 'outcome', 'duplicate');
  END IF;
  UPDATE gae_plans SET auto_save_next = next_day, updated_at = clock_timestamp() WHERE id = plan.id;
  IF NOT money_can_pay(customer, 'USDT', plan.auto_save_amount) THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'skipped');
  END IF;
  answer := gae_book_purchase(p_op, 'GAE', plan.auto_save_amount, (p_op->>'grams')::numeric,
                              (p_op->>'fee')::numeric, (p_op->>'price')::numeric);
  IF (answer->>'status')::int <> 200 THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'skipped');
  END IF;
  UPDATE gae_auto_save_runs SET outcome = 'bought', transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE plan_id = plan.id AND period = p_op->>'period';
  RETURN answer || jsonb_build_object('outcome', 'bought');
END
$$;
--> statement-breakpoint
-- Operation "gae_terminate": files a termination request with the summary the API computed
-- from the plan's grams. The grams move from the plan to locked; the refund is paid when an
-- operator approves. Refused when the plan's grams changed since the summary, or when the
-- refund fell below what the customer was shown.
CREATE FUNCTION money_op_gae_terminate(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  plan gae_plans;
  plan_grams numeric;
  lock_entry uuid;
  termination gae_terminations;
BEGIN
  SELECT * INTO plan FROM gae_plans WHERE id = (p_op->>'planId')::uuid AND user_id = customer FOR UPDATE;
  IF plan.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'GAE plan not found.');
  END IF;
  IF plan.status <> 'active' THEN
    RETURN money_refusal(409, 'ConflictError', CASE WHEN plan.status = 'terminating'
      THEN 'A termination request for this plan is already pending.'
      ELSE 'This GAE plan is already terminated.' END);
  END IF;
  SELECT coalesce(sum(balance), 0) INTO plan_grams FROM ledger_accounts
   WHERE owner_user_id = customer AND asset = 'GOLD' AND purpose = 'gae_plan';
  IF plan_grams <= 0 THEN
    RETURN money_refusal(409, 'ConflictError', 'This GAE plan holds no grams to terminate.');
  END IF;
  IF plan_grams <> (p_op->>'grams')::numeric THEN
    RETURN money_refusal(409, 'ConflictError', 'Your plan changed since the summary was made. Review the new summary and confirm again.');
  END IF;
  IF (p_op->>'refund')::numeric < (p_op->>'minRefund')::numeric THEN
    RETURN money_refusal(422, 'PriceMovedError',
      'The gold price moved: the refund is now less than the summary you confirmed. Review the new summary and confirm again.',
      jsonb_build_object('refund', p_op->>'refund'));
  END IF;
  lock_entry := ledger_post('gae.termination_lock', plan.id::text, jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'gae_plan', 'asset', 'GOLD', 'amount', (-plan_grams)::text),
    jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', plan_grams::text)));
  INSERT INTO gae_terminations (code, plan_id, user_id, currency, grams, spot, gross, early_exit, early_exit_fee, refund,
                                lock_entry_id, requested_at)
  VALUES (p_op->>'code', plan.id, customer, (p_op->>'currency')::asset, plan_grams, (p_op->>'spot')::numeric,
          (p_op->>'gross')::numeric, (p_op->>'earlyExit')::boolean, (p_op->>'earlyExitFee')::numeric,
          (p_op->>'refund')::numeric, lock_entry, (p_op->>'now')::timestamptz)
  RETURNING * INTO termination;
  UPDATE gae_plans SET status = 'terminating', updated_at = clock_timestamp() WHERE id = plan.id;
  RETURN jsonb_build_object('status', 200, 'terminationId', termination.id);
END
$$;
--> statement-breakpoint
-- Operation "gae_termination_decide": an operator approves (the locked grams return to the
-- vault, the refund is paid from the treasury, QMGT minted on chain; the plan closes) or
-- rejects (the grams return to the plan, which is active again). A request is decided once.
CREATE FUNCTION money_op_gae_termination_decide(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  request gae_terminations;
  answer jsonb;
BEGIN
  SELECT * INTO request FROM gae_terminations WHERE id = (p_op->>'terminationId')::uuid AND user_id = customer FOR UPDATE;
  IF request.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Termination request not found.');
  END IF;
  IF request.status <> 'requested' THEN
    RETURN money_refusal(409, 'ConflictError', format('This termination request was already %s.', request.status));
  END IF;
  IF p_op->>'decision' = 'approve' THEN
    answer := money_book('gae.termination', request.id::text, jsonb_build_array(
        jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-request.grams)::text),
        jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', request.grams::text),
        jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', request.currency, 'amount', (-request.refund)::text),
        jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', request.currency, 'amount', request.refund::text)),
      jsonb_build_object('userId', customer, 'type', 'TERMINATION', 'code', request.code, 'assetIn', 'GOLD',
        'amountIn', request.grams::text, 'assetOut', request.currency, 'amountOut', request.refund::text,
        'price', div(request.gross * 1000000, request.grams)::text,
        'fee', request.early_exit_fee::text, 'feeAsset', request.currency));
    UPDATE gae_terminations SET status = 'approved', decided_at = (p_op->>'now')::timestamptz,
           decided_by = (p_op->>'operatorId')::uuid, refund_transaction_id = (answer->'transaction'->>'id')::uuid
     WHERE id = request.id;
    UPDATE gae_plans SET status = 'terminated', closed_at = (p_op->>'now')::timestamptz, auto_save_amount = NULL,
           auto_save_day = NULL, auto_save_next = NULL, updated_at = clock_timestamp()
     WHERE id = request.plan_id;
    RETURN answer || jsonb_build_object('terminationId', request.id);
  END IF;
  PERFORM ledger_post('gae.termination_reject', request.id::text, jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', (-request.grams)::text),
    jsonb_build_object('owner', customer, 'purpose', 'gae_plan', 'asset', 'GOLD', 'amount', request.grams::text)));
  UPDATE gae_terminations SET status = 'rejected', decided_at = (p_op->>'now')::timestamptz,
         decided_by = (p_op->>'operatorId')::uuid, reason = p_op->>'reason'
   WHERE id = request.id;
  UPDATE gae_plans SET status = 'active', updated_at = clock_timestamp() WHERE id = request.plan_id;
  RETURN jsonb_build_object('status', 200, 'terminationId', request.id);
END
$$;
--> statement-breakpoint
-- Operation "convert": QMGT <-> GSA grams 1:1 at the quote's figures. QMGT in is burned on
-- chain (it returns to the treasury, the issuer), QMGT out is minted (chain_movements_of);
-- grams come from or go back to the vault; the fee (in what the customer receives) goes to fees.
CREATE FUNCTION money_op_convert(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  quote gold_quotes;
  refusal jsonb;
  issuer_in text;
  issuer_out text;
  answer jsonb;
BEGIN
  SELECT * INTO quote FROM gold_quotes
   WHERE id = (p_op->>'quoteId')::uuid AND user_id = customer FOR UPDATE;
  refusal := gold_quote_refusal(quote, p_op, ARRAY['CONVERT']);
  IF refusal IS NOT NULL THEN
    RETURN refusal;
  END IF;
  IF NOT money_can_pay(customer, quote.asset_in, quote.amount_in) THEN
    RETURN money_refusal(422, 'InsufficientFundsError', format('Insufficient %s balance.', quote.asset_in),
      jsonb_build_object('asset', quote.asset_in));
  END IF;
  issuer_in := CASE WHEN quote.asset_in = 'QMGT' THEN 'treasury' ELSE 'gold_vault' END;
  issuer_out := CASE WHEN quote.asset_out = 'QMGT' THEN 'treasury' ELSE 'gold_vault' END;
  answer := money_book('convert', NULL, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', quote.asset_in, 'amount', (-quote.amount_in)::text),
      jsonb_build_object('owner', NULL, 'purpose', issuer_in, 'asset', quote.asset_in, 'amount', quote.amount_in::text),
      jsonb_build_object('owner', NULL, 'purpose', issuer_out, 'asset', quote.asset_out, 'amount', (-(quote.amount_out + quote.fee))::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', quote.asset_out, 'amount', quote.amount_out::text))
    || CASE WHEN quote.fee > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', quote.asset_out, 'amount', quote.fee::text))
         ELSE '[]'::jsonb END,
    jsonb_build_object('userId', customer, 'type', 'CONVERT', 'code', p_op->>'code', 'assetIn', quote.asset_in,
      'amountIn', quote.amount_in::text, 'assetOut', quote.asset_out, 'amountOut', quote.amount_out::text,
      'price', NULL, 'fee', quote.fee::text, 'feeAsset', quote.asset_out));
  UPDATE gold_quotes SET used_at = (p_op->>'now')::timestamptz WHERE id = quote.id;
  RETURN answer;
END
$$;

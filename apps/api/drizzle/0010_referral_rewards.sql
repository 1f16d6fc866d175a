-- Referral rewards (issue 11): every purchase by a downline credits its uplines 5% / 2% / 1%
-- of what it bought, as QMGT rewards vesting 30 days, in the same transaction as the purchase
-- (money_book calls referral_rewards_credit). A reversed purchase reverses its unclaimed rewards.
--
-- Rewards are a promise until claimed: the customer's `rewards` QMGT account and the platform's
-- `rewards_pool` are ledger-only, never on chain. A claim moves a reward to `available`, and
-- that is when it is minted. So the chain mirrors every QMGT account except the issuer
-- (treasury), the rewards pool and customers' rewards.
CREATE TABLE "referral_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"beneficiary_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"source_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"source_transaction_id" uuid NOT NULL,
	"source_type" text NOT NULL,
	"source_code" text NOT NULL,
	"level" integer NOT NULL,
	"purchase_usdt" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"entry_id" uuid NOT NULL,
	"vests_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'vesting' NOT NULL,
	"settled_transaction_id" uuid,
	"request_id" uuid,
	-- A reward partly paid out is split: the rest is a new row pointing at the original.
	"split_from" uuid REFERENCES "referral_rewards"("id") ON DELETE restrict,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_level" CHECK ("level" BETWEEN 1 AND 3),
	CONSTRAINT "referral_rewards_amount" CHECK ("amount" > 0),
	CONSTRAINT "referral_rewards_status" CHECK ("status" IN ('vesting', 'claimed', 'requested', 'paid', 'sold', 'reversed'))
) WITH (fillfactor = 80);
--> statement-breakpoint
-- One reward per purchase and level, ever.
CREATE UNIQUE INDEX "referral_rewards_once" ON "referral_rewards" ("source_transaction_id", "level") WHERE "split_from" IS NULL;
--> statement-breakpoint
CREATE INDEX "referral_rewards_source_idx" ON "referral_rewards" ("source_transaction_id");
--> statement-breakpoint
CREATE INDEX "referral_rewards_beneficiary_idx" ON "referral_rewards" ("beneficiary_id", "vests_at");
--> statement-breakpoint
CREATE TABLE "reward_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL UNIQUE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"amount" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"transaction_id" uuid,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reward_requests_status" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "reward_requests_queue_idx" ON "reward_requests" ("status", "created_at");
--> statement-breakpoint
-- Business constants the SQL reads, written by the API at start from its configuration
-- (REWARD_VESTING_DAYS), so that the rule in SQL and the configuration cannot disagree.
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "platform_settings" ("key", "value") VALUES ('reward_vesting_days', '30');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chain_movements_of(p_lines jsonb) RETURNS TABLE (user_id uuid, kind chain_movement_kind, amount numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT x.owner, CASE WHEN x.net > 0 THEN 'mint'::chain_movement_kind ELSE 'burn'::chain_movement_kind END, abs(x.net)
    FROM (SELECT (l->>'owner')::uuid AS owner, sum((l->>'amount')::numeric) AS net
            FROM jsonb_array_elements(p_lines) AS l
           WHERE l->>'asset' = 'QMGT' AND l->>'purpose' NOT IN ('treasury', 'rewards', 'rewards_pool')
           GROUP BY 1) AS x
   WHERE x.net <> 0
$$;
--> statement-breakpoint
-- The rewards of a purchase: level 1-3 uplines get 5/2/1% of the gold it bought (QMGT bought
-- gross of the fee; grams as QMGT, 1 gram = 1 QMGT), i.e. that share of the purchase value at
-- the price the buyer paid. One ledger entry for all levels; the (transaction, level) key
-- makes a second credit impossible.
CREATE FUNCTION referral_rewards_credit(t transactions) RETURNS void LANGUAGE plpgsql AS $$
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
  IF t.asset_in IS DISTINCT FROM 'USDT' OR t.type NOT IN ('QMGT', 'GAE', 'GAEX', 'GES') THEN
    RETURN;
  END IF;
  bought := CASE t.asset_out
    WHEN 'QMGT' THEN coalesce(t.amount_out, 0) + CASE WHEN t.fee_asset = 'QMGT' THEN coalesce(t.fee, 0) ELSE 0 END
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
  SELECT (c->>'upline')::uuid, t.user_id, t.id, t.type, t.code, (c->>'level')::int, t.amount_in,
         (c->>'amount')::numeric, entry,
         t.created_at + make_interval(days => (SELECT value::int FROM platform_settings WHERE key = 'reward_vesting_days')),
         t.created_at
    FROM jsonb_array_elements(credits) AS c;
END
$$;
--> statement-breakpoint
-- A purchase the chain finally refused takes its unclaimed rewards back with it. A reward
-- already claimed, sold or paid stays with its owner: the platform bears that loss, and the
-- reversal says so in the transaction's failure reason via money_compensate's caller.
CREATE FUNCTION referral_rewards_reverse(p_transaction uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lines jsonb;
  total numeric;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('owner', r.beneficiary_id, 'purpose', 'rewards', 'asset', 'QMGT',
                                      'amount', (-r.amount)::text)), sum(r.amount)
    INTO lines, total
    FROM referral_rewards r
   WHERE r.source_transaction_id = p_transaction AND r.status = 'vesting';
  IF total IS NULL THEN
    RETURN;
  END IF;
  PERFORM ledger_post('referral.reward_reversal', p_transaction::text, lines || jsonb_build_array(
    jsonb_build_object('owner', NULL, 'purpose', 'rewards_pool', 'asset', 'QMGT', 'amount', total::text)));
  UPDATE referral_rewards SET status = 'reversed', updated_at = clock_timestamp()
   WHERE source_transaction_id = p_transaction AND status = 'vesting';
END
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
  IF booked.asset_in = 'USDT' AND booked.type IN ('QMGT', 'GAE', 'GAEX', 'GES') THEN
    PERFORM referral_rewards_credit(booked);
  END IF;
  RETURN jsonb_build_object('status', 200, 'transaction', transaction_json(booked));
END
$$;
--> statement-breakpoint
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
  UPDATE chain_movements SET status = 'cancelled' WHERE transaction_id = p_transaction AND status = 'pending';
  INSERT INTO chain_movements (transaction_id, user_id, kind, amount)
  SELECT p_transaction, m.user_id, CASE WHEN m.kind = 'mint' THEN 'burn' ELSE 'mint' END::chain_movement_kind, m.amount
    FROM chain_movements m WHERE m.transaction_id = p_transaction AND m.status = 'settled';
  UPDATE transactions SET status = 'failed', failure_reason = p_reason, updated_at = clock_timestamp()
   WHERE id = p_transaction;
  RETURN true;
END
$$;
--> statement-breakpoint
-- A batch locks its customers' balance rows and, when it holds a purchase, their uplines'
-- (three levels: the rows the purchase's rewards update), in one id order before any other
-- lock, so two batches cannot each hold a row the other's rewards need (decision 004's lock
-- order, extended). Batches without a purchase (sells, deposits) skip the upline look-up: it
-- cost a sell batch a third of its speed. A new purchase kind joins money_purchase_kinds.
CREATE FUNCTION money_purchase_kinds() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['swap', 'gae_purchase', 'gae_auto_save']
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_execute_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  answers jsonb := '[]'::jsonb;
  op jsonb;
  customers uuid[];
  level uuid[];
  depth int;
BEGIN
  SELECT array_agg(DISTINCT (o->>'userId')::uuid) INTO customers FROM jsonb_array_elements(p_ops) AS o;
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
-- Operation "reward_claim": one vested reward of the caller to their available QMGT (minted).
CREATE FUNCTION money_op_reward_claim(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  reward referral_rewards;
  answer jsonb;
BEGIN
  SELECT * INTO reward FROM referral_rewards WHERE id = (p_op->>'rewardId')::uuid AND beneficiary_id = customer FOR UPDATE;
  IF reward.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Reward not found.');
  END IF;
  IF reward.status <> 'vesting' THEN
    RETURN money_refusal(409, 'ConflictError', format('This reward was already %s.', reward.status));
  END IF;
  IF reward.vests_at > (p_op->>'now')::timestamptz THEN
    RETURN money_refusal(409, 'ConflictError', format('This reward vests on %s: it can be claimed from then.',
      to_char(reward.vests_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')));
  END IF;
  answer := money_book('referral.claim', reward.id::text, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'rewards', 'asset', 'QMGT', 'amount', (-reward.amount)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'QMGT', 'amount', reward.amount::text)),
    jsonb_build_object('userId', customer, 'type', 'REWARD', 'code', p_op->>'code', 'assetOut', 'QMGT',
      'amountOut', reward.amount::text));
  UPDATE referral_rewards SET status = 'claimed', settled_transaction_id = (answer->'transaction'->>'id')::uuid,
         updated_at = clock_timestamp()
   WHERE id = reward.id;
  RETURN answer;
END
$$;
--> statement-breakpoint
-- The caller's vested rewards, oldest first, covering `amount` exactly: a reward that covers
-- more than what remains is split in two (the rest stays vested), so amounts never round.
CREATE FUNCTION referral_rewards_take(p_user uuid, p_amount numeric, p_now timestamptz) RETURNS uuid[]
LANGUAGE plpgsql AS $$
DECLARE
  reward referral_rewards;
  remaining numeric := p_amount;
  taken uuid[] := '{}';
BEGIN
  FOR reward IN SELECT * FROM referral_rewards
                 WHERE beneficiary_id = p_user AND status = 'vesting' AND vests_at <= p_now
                 ORDER BY vests_at, id FOR UPDATE LOOP
    EXIT WHEN remaining <= 0;
    IF reward.amount > remaining THEN
      INSERT INTO referral_rewards (beneficiary_id, source_user_id, source_transaction_id, source_type, source_code, level,
                                    purchase_usdt, amount, entry_id, vests_at, created_at, split_from)
      VALUES (reward.beneficiary_id, reward.source_user_id, reward.source_transaction_id, reward.source_type,
              reward.source_code, reward.level, reward.purchase_usdt, reward.amount - remaining, reward.entry_id,
              reward.vests_at, reward.created_at, reward.id);
      UPDATE referral_rewards SET amount = remaining, updated_at = clock_timestamp() WHERE id = reward.id;
    END IF;
    taken := taken || reward.id;
    remaining := remaining - least(reward.amount, remaining);
  END LOOP;
  IF remaining > 0 THEN
    RETURN NULL;
  END IF;
  RETURN taken;
END
$$;
--> statement-breakpoint
-- Operation "reward_payout_request": vested rewards worth `amount` wait for an operator.
CREATE FUNCTION money_op_reward_payout_request(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  taken uuid[];
  new_request uuid := gen_random_uuid();
BEGIN
  taken := referral_rewards_take(customer, (p_op->>'amount')::numeric, (p_op->>'now')::timestamptz);
  IF taken IS NULL THEN
    RETURN money_refusal(422, 'InsufficientFundsError', 'You have fewer vested rewards than that.', jsonb_build_object('asset', 'QMGT'));
  END IF;
  INSERT INTO reward_requests (id, code, user_id, amount, created_at)
  VALUES (new_request, p_op->>'code', customer, (p_op->>'amount')::numeric, (p_op->>'now')::timestamptz);
  UPDATE referral_rewards SET status = 'requested', request_id = new_request, updated_at = clock_timestamp()
   WHERE id = ANY (taken);
  RETURN jsonb_build_object('status', 200, 'requestId', new_request);
END
$$;
--> statement-breakpoint
-- Operation "reward_payout_decide": an operator pays a request (its rewards to the customer's
-- available QMGT, minted) or rejects it (the rewards are vested again).
CREATE FUNCTION money_op_reward_payout_decide(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  request reward_requests;
  answer jsonb;
BEGIN
  SELECT * INTO request FROM reward_requests WHERE id = (p_op->>'requestId')::uuid AND user_id = customer FOR UPDATE;
  IF request.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Reward request not found.');
  END IF;
  IF request.status <> 'pending' THEN
    RETURN money_refusal(409, 'ConflictError', format('This reward request was already %s.', request.status));
  END IF;
  IF p_op->>'decision' = 'reject' THEN
    UPDATE referral_rewards SET status = 'vesting', request_id = NULL, updated_at = clock_timestamp()
     WHERE request_id = request.id;
    UPDATE reward_requests SET status = 'rejected', reason = p_op->>'reason', decided_by = (p_op->>'operatorId')::uuid,
           decided_at = (p_op->>'now')::timestamptz
     WHERE id = request.id;
    RETURN jsonb_build_object('status', 200, 'requestId', request.id);
  END IF;
  answer := money_book('referral.payout', request.id::text, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'rewards', 'asset', 'QMGT', 'amount', (-request.amount)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'QMGT', 'amount', request.amount::text)),
    jsonb_build_object('userId', customer, 'type', 'REWARD', 'code', request.code, 'assetOut', 'QMGT',
      'amountOut', request.amount::text));
  UPDATE referral_rewards SET status = 'paid', settled_transaction_id = (answer->'transaction'->>'id')::uuid,
         updated_at = clock_timestamp()
   WHERE request_id = request.id;
  UPDATE reward_requests SET status = 'approved', decided_by = (p_op->>'operatorId')::uuid,
         decided_at = (p_op->>'now')::timestamptz, transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE id = request.id;
  RETURN answer || jsonb_build_object('requestId', request.id);
END
$$;
--> statement-breakpoint
-- Operation "reward_sell": vested rewards sold for USDT at the sell price the API computed,
-- refused below the least USDT the customer accepted. The QMGT goes back to the issuer
-- without ever reaching the chain.
CREATE FUNCTION money_op_reward_sell(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  taken uuid[];
  sold numeric := (p_op->>'amountIn')::numeric;
  answer jsonb;
BEGIN
  IF (p_op->>'amountOut')::numeric < (p_op->>'minAmountOut')::numeric THEN
    RETURN money_refusal(422, 'PriceMovedError',
      'The sell price moved: you would receive less than the minimum you accepted. Check the new price and try again.',
      jsonb_build_object('amountOut', p_op->>'amountOut'));
  END IF;
  taken := referral_rewards_take(customer, sold, (p_op->>'now')::timestamptz);
  IF taken IS NULL THEN
    RETURN money_refusal(422, 'InsufficientFundsError', 'You have fewer vested rewards than that.', jsonb_build_object('asset', 'QMGT'));
  END IF;
  answer := money_book('referral.sell', NULL, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'rewards', 'asset', 'QMGT', 'amount', (-sold)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'rewards_pool', 'asset', 'QMGT', 'amount', sold::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDT',
                         'amount', (-((p_op->>'amountOut')::numeric + (p_op->>'fee')::numeric))::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'USDT', 'amount', p_op->>'amountOut'))
    || CASE WHEN (p_op->>'fee')::numeric > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'USDT', 'amount', p_op->>'fee'))
         ELSE '[]'::jsonb END,
    jsonb_build_object('userId', customer, 'type', 'REWARD', 'code', p_op->>'code', 'assetIn', 'QMGT',
      'amountIn', sold::text, 'assetOut', 'USDT', 'amountOut', p_op->>'amountOut', 'price', p_op->>'price',
      'fee', p_op->>'fee', 'feeAsset', 'USDT'));
  UPDATE referral_rewards SET status = 'sold', settled_transaction_id = (answer->'transaction'->>'id')::uuid,
         updated_at = clock_timestamp()
   WHERE id = ANY (taken);
  RETURN answer;
END
$$;

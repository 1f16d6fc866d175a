ALTER TYPE "public"."account_purpose" ADD VALUE 'ges';--> statement-breakpoint
CREATE TABLE "ges_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ges_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"instalment_usdt" numeric(78, 0) NOT NULL,
	"term_months" integer NOT NULL,
	"member_cap" integer NOT NULL,
	"start_date" date NOT NULL,
	"bonus_instalments" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"current_document_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ges_groups_status" CHECK ("ges_groups"."status" IN ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "ges_instalments" (
	"membership_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"due_on" date NOT NULL,
	"status" text NOT NULL,
	"amount_usdt" numeric(78, 0),
	"price" numeric(78, 0),
	"grams" numeric(78, 0),
	"transaction_id" uuid,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ges_instalments_membership_id_seq_pk" PRIMARY KEY("membership_id","seq")
);
--> statement-breakpoint
CREATE TABLE "ges_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"document_version" integer NOT NULL,
	"document_sha256" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"accepted_ip" text,
	"status" text DEFAULT 'active' NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"missed_count" integer DEFAULT 0 NOT NULL,
	"next_due_on" date,
	"bonus_grams" numeric(78, 0),
	"closed_at" timestamp with time zone,
	CONSTRAINT "ges_memberships_status" CHECK ("ges_memberships"."status" IN ('active', 'lapsed', 'matured'))
);
--> statement-breakpoint
CREATE TABLE "ges_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"amount_usdt" numeric(78, 0) NOT NULL,
	"grams" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"spot" numeric(78, 0) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_matches_purpose";--> statement-breakpoint
ALTER TABLE "ges_documents" ADD CONSTRAINT "ges_documents_group_id_ges_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ges_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ges_groups" ADD CONSTRAINT "ges_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ges_instalments" ADD CONSTRAINT "ges_instalments_membership_id_ges_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."ges_memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ges_memberships" ADD CONSTRAINT "ges_memberships_group_id_ges_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ges_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ges_memberships" ADD CONSTRAINT "ges_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ges_memberships" ADD CONSTRAINT "ges_memberships_document_id_ges_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."ges_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ges_quotes" ADD CONSTRAINT "ges_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ges_quotes" ADD CONSTRAINT "ges_quotes_group_id_ges_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ges_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ges_documents_version_key" ON "ges_documents" USING btree ("group_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "ges_memberships_once" ON "ges_memberships" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "ges_memberships_user_idx" ON "ges_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ges_memberships_due_idx" ON "ges_memberships" USING btree ("next_due_on") WHERE "ges_memberships"."status" = 'active';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_matches_purpose" CHECK (("ledger_accounts"."owner_user_id" IS NULL) = ("ledger_accounts"."purpose"::text NOT IN ('available', 'locked', 'rewards', 'gae_plan', 'ges')));--> statement-breakpoint
-- The entry of a group instalment: the member's USDT to the treasury (the markup to fees), the
-- vault's grams into their group holding.
CREATE FUNCTION ges_purchase_lines(p_user uuid, p_usdt numeric, p_fee numeric, p_grams numeric)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
      jsonb_build_object('owner', p_user, 'purpose', 'available', 'asset', 'USDT', 'amount', (-p_usdt)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDT', 'amount', (p_usdt - p_fee)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', (-p_grams)::text),
      jsonb_build_object('owner', p_user, 'purpose', 'ges', 'asset', 'GOLD', 'amount', p_grams::text))
    || CASE WHEN p_fee > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'USDT', 'amount', p_fee::text))
         ELSE '[]'::jsonb END
$$;
--> statement-breakpoint
-- Books instalment `p_seq` of a membership (the passbook row must exist: the caller's guard).
CREATE FUNCTION ges_book_instalment(p_op jsonb, m ges_memberships, p_seq int, p_usdt numeric, p_grams numeric,
                                    p_fee numeric, p_price numeric)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  answer jsonb;
BEGIN
  answer := money_book('ges.instalment', m.id::text, ges_purchase_lines(m.user_id, p_usdt, p_fee, p_grams),
    jsonb_build_object('userId', m.user_id, 'type', 'GES', 'code', p_op->>'code', 'assetIn', 'USDT',
      'amountIn', p_usdt::text, 'assetOut', 'GOLD', 'amountOut', p_grams::text, 'price', p_price::text,
      'fee', p_fee::text, 'feeAsset', 'USDT'));
  UPDATE ges_instalments SET status = 'paid', amount_usdt = p_usdt, price = p_price, grams = p_grams,
         transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE membership_id = m.id AND seq = p_seq;
  UPDATE ges_memberships SET paid_count = paid_count + 1 WHERE id = m.id;
  RETURN answer;
END
$$;
--> statement-breakpoint
-- Closes a membership: its group grams go to the GSA, plus at maturity the bonus from the
-- rewards pool (bonus instalments x the member's average grams per paid instalment).
CREATE FUNCTION ges_close(m_id uuid, p_status text, p_bonus_instalments int, p_now timestamptz)
RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
  m ges_memberships;
  held numeric;
  bonus numeric := 0;
BEGIN
  SELECT * INTO m FROM ges_memberships WHERE id = m_id;
  -- The customer's `ges` account holds every group's grams: this membership's are its passbook's.
  SELECT coalesce(sum(grams), 0) INTO held FROM ges_instalments WHERE membership_id = m.id AND status = 'paid';
  IF p_status = 'matured' AND m.paid_count > 0 THEN
    bonus := div(held * p_bonus_instalments, m.paid_count);
  END IF;
  IF held > 0 OR bonus > 0 THEN
    PERFORM ledger_post('ges.' || CASE WHEN p_status = 'matured' THEN 'maturity' ELSE 'lapse' END, m.id::text,
      jsonb_build_array(
        jsonb_build_object('owner', m.user_id, 'purpose', 'ges', 'asset', 'GOLD', 'amount', (-held)::text),
        jsonb_build_object('owner', m.user_id, 'purpose', 'available', 'asset', 'GOLD', 'amount', (held + bonus)::text))
      || CASE WHEN bonus > 0
           THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'rewards_pool', 'asset', 'GOLD', 'amount', (-bonus)::text))
           ELSE '[]'::jsonb END);
  END IF;
  UPDATE ges_memberships SET status = p_status, next_due_on = NULL, closed_at = p_now,
         bonus_grams = CASE WHEN p_status = 'matured' THEN bonus END
   WHERE id = m.id;
  RETURN bonus;
END
$$;
--> statement-breakpoint
-- Operation "ges_join": the customer accepts the group's current agreement and pays the first
-- instalment at a quote they were shown. The group row is locked first, so the member cap
-- holds however many join at once.
CREATE FUNCTION money_op_ges_join(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  now_at timestamptz := (p_op->>'now')::timestamptz;
  g ges_groups;
  doc ges_documents;
  quote ges_quotes;
  m ges_memberships;
  members int;
  answer jsonb;
BEGIN
  SELECT * INTO g FROM ges_groups WHERE id = (p_op->>'groupId')::uuid FOR UPDATE;
  IF g.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Group not found.');
  END IF;
  SELECT * INTO doc FROM ges_documents WHERE id = (p_op->>'documentId')::uuid AND group_id = g.id;
  IF doc.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'This agreement is not one of this group''s.');
  END IF;
  IF EXISTS (SELECT 1 FROM ges_memberships WHERE group_id = g.id AND user_id = customer) THEN
    RETURN money_refusal(409, 'ConflictError', 'You are already a member of this group.');
  END IF;
  IF g.status <> 'open' THEN
    RETURN money_refusal(409, 'ConflictError', 'This group is closed to new members.');
  END IF;
  IF now_at::date > g.start_date THEN
    RETURN money_refusal(409, 'ConflictError', 'This group has started: it takes no new members.');
  END IF;
  IF doc.id <> g.current_document_id THEN
    RETURN money_refusal(409, 'ConflictError',
      'The group''s agreement has a newer version. Read the current agreement and accept it to join.');
  END IF;
  SELECT count(*) INTO members FROM ges_memberships WHERE group_id = g.id;
  IF members >= g.member_cap THEN
    RETURN money_refusal(409, 'ConflictError', 'This group is full.');
  END IF;
  SELECT * INTO quote FROM ges_quotes WHERE id = (p_op->>'quoteId')::uuid AND user_id = customer AND group_id = g.id FOR UPDATE;
  IF quote.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
  END IF;
  IF quote.used_at IS NOT NULL THEN
    RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
  END IF;
  IF quote.expires_at < now_at THEN
    RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
  END IF;
  IF NOT money_can_pay(customer, 'USDT', quote.amount_usdt) THEN
    RETURN money_refusal(422, 'InsufficientFundsError',
      'Insufficient USDT balance for the first instalment.', jsonb_build_object('asset', 'USDT'));
  END IF;
  INSERT INTO ges_memberships (group_id, user_id, document_id, document_version, document_sha256, accepted_at,
                               accepted_ip, next_due_on)
  VALUES (g.id, customer, doc.id, doc.version, doc.sha256, now_at, p_op->>'ip',
          CASE WHEN g.term_months > 1 THEN (g.start_date + interval '1 month')::date END)
  RETURNING * INTO m;
  INSERT INTO ges_instalments (membership_id, seq, due_on, status, paid_at) VALUES (m.id, 1, g.start_date, 'missed', now_at);
  answer := ges_book_instalment(p_op, m, 1, quote.amount_usdt, quote.grams, quote.fee, quote.price);
  UPDATE ges_quotes SET used_at = now_at WHERE id = quote.id;
  RETURN answer || jsonb_build_object('membershipId', m.id);
END
$$;
--> statement-breakpoint
-- Operation "ges_instalment": instalment `seq` of a membership on its due day, at most once
-- per (membership, seq) whoever runs it and however often: the passbook row is inserted first
-- and a second run finds it. A short balance misses the instalment (never overdrawn); the
-- third miss lapses the membership (grams to the GSA, no bonus); the last instalment matures
-- it (grams and bonus to the GSA). The figures come from the API's pricing rules.
CREATE FUNCTION money_op_ges_instalment(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  now_at timestamptz := (p_op->>'now')::timestamptz;
  seq int := (p_op->>'seq')::int;
  m ges_memberships;
  g ges_groups;
  answer jsonb := jsonb_build_object('status', 200);
  outcome text;
BEGIN
  SELECT * INTO m FROM ges_memberships WHERE id = (p_op->>'membershipId')::uuid AND user_id = customer FOR UPDATE;
  IF m.id IS NULL OR m.status <> 'active' OR m.paid_count + m.missed_count + 1 <> seq THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'not_due');
  END IF;
  SELECT * INTO g FROM ges_groups WHERE id = m.group_id;
  IF g.instalment_usdt <> (p_op->>'amountUsdt')::numeric OR seq > g.term_months THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'not_due');
  END IF;
  INSERT INTO ges_instalments (membership_id, seq, due_on, status, paid_at)
  VALUES (m.id, seq, (p_op->>'dueOn')::date, 'missed', now_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'duplicate');
  END IF;
  IF money_can_pay(customer, 'USDT', g.instalment_usdt) THEN
    answer := ges_book_instalment(p_op, m, seq, g.instalment_usdt, (p_op->>'grams')::numeric,
                                  (p_op->>'fee')::numeric, (p_op->>'price')::numeric);
    outcome := 'paid';
  ELSE
    UPDATE ges_memberships SET missed_count = missed_count + 1 WHERE id = m.id;
    outcome := 'missed';
  END IF;
  SELECT * INTO m FROM ges_memberships WHERE id = m.id;
  IF m.missed_count >= 3 THEN
    PERFORM ges_close(m.id, 'lapsed', 0, now_at);
    outcome := 'lapsed';
  ELSIF seq >= g.term_months THEN
    PERFORM ges_close(m.id, 'matured', g.bonus_instalments, now_at);
    outcome := CASE WHEN outcome = 'paid' THEN 'paid_matured' ELSE 'missed_matured' END;
  ELSE
    UPDATE ges_memberships SET next_due_on = (g.start_date + make_interval(months => seq))::date WHERE id = m.id;
  END IF;
  RETURN answer || jsonb_build_object('outcome', outcome);
END
$$;

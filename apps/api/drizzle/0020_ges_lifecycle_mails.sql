CREATE TABLE "ges_mails" (
	"membership_id" uuid NOT NULL,
	"event" text NOT NULL,
	"seq" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "ges_mails_membership_id_event_seq_pk" PRIMARY KEY("membership_id","event","seq"),
	CONSTRAINT "ges_mails_event" CHECK ("ges_mails"."event" IN ('joined', 'missed', 'lapsed', 'matured'))
);
--> statement-breakpoint
ALTER TABLE "ges_groups" DROP CONSTRAINT "ges_groups_status";--> statement-breakpoint
ALTER TABLE "ges_groups" ALTER COLUMN "status" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "ges_mails" ADD CONSTRAINT "ges_mails_membership_id_ges_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."ges_memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ges_mails_unmailed_idx" ON "ges_mails" USING btree ("created_at") WHERE "ges_mails"."mailed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "ges_groups" ADD CONSTRAINT "ges_groups_status" CHECK ("ges_groups"."status" IN ('draft', 'open', 'closed'));--> statement-breakpoint
-- Groups published before this migration were open from creation and stay open; their
-- members' past mails were queued directly (issue 10), so none is owed.
-- A draft (the new default) is the operator's alone: a customer's join finds no group.
CREATE OR REPLACE FUNCTION money_op_ges_join(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
  IF g.id IS NULL OR g.status = 'draft' THEN
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
  -- The welcome mail is owed from the same commit as the membership.
  INSERT INTO ges_mails (membership_id, event, seq, created_at) VALUES (m.id, 'joined', 1, now_at);
  RETURN answer || jsonb_build_object('membershipId', m.id);
END
$$;
--> statement-breakpoint
-- As in 0014, and each outcome a member is told of (a miss, the lapse, maturity) is written to
-- the mail outbox in the same transaction as the instalment.
CREATE OR REPLACE FUNCTION money_op_ges_instalment(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
  IF outcome <> 'paid' THEN
    INSERT INTO ges_mails (membership_id, event, seq, created_at)
    VALUES (m.id, CASE WHEN outcome LIKE '%matured' THEN 'matured' ELSE outcome END, seq, now_at);
  END IF;
  RETURN answer || jsonb_build_object('outcome', outcome);
END
$$;

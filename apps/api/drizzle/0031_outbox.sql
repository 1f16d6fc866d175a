-- One outbox for every message owed (docs/decisions/014-outbox.md). A message is written in the
-- transaction of the change that owes it, under a key of its own (owing it again is a no-op),
-- and sent by one claiming sender (platform/outbox): claimed rows carry a lease of seconds, so a
-- sender that dies repeats a message at most once, when its lease ends, and never loses one.
-- This replaces the mail columns of eight tables and their sweeps (migrations 0020, 0024-0028).
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_key_unique" UNIQUE("key")
);
--> statement-breakpoint
-- The sender's look costs the unsent messages only: sent ones leave this index.
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("available_at") WHERE "outbox_messages"."sent_at" IS NULL;
--> statement-breakpoint
-- The one way SQL owes a message (the money engine's operations and the triggers below call it).
CREATE FUNCTION outbox_owe(p_kind text, p_key text, p_payload jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO outbox_messages (kind, key, payload) VALUES (p_kind, p_key, COALESCE(p_payload, '{}'::jsonb))
  ON CONFLICT (key) DO NOTHING;
$$;
--> statement-breakpoint
-- Wakes every process's sender when a commit owes something (delivered only at commit, and once
-- per transaction however many rows it wrote).
CREATE FUNCTION outbox_messages_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_messages', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_messages_notify" AFTER INSERT ON "outbox_messages" FOR EACH STATEMENT EXECUTE FUNCTION outbox_messages_notify();
--> statement-breakpoint
-- A request's status mail (a GAE termination, a USDAU request, a reward payout, a credited
-- payment) is owed by the status change itself, in its transaction, whichever operation makes
-- it: TG_ARGV[0] is the kind, TG_ARGV[1] the statuses the customer is mailed about. One key per
-- (row, status): each status is mailed once.
CREATE FUNCTION outbox_owe_status_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status) AND NEW.status = ANY (TG_ARGV[1]::text[]) THEN
    PERFORM outbox_owe(TG_ARGV[0], TG_ARGV[0] || ':' || NEW.id || ':' || NEW.status,
                       jsonb_build_object('id', NEW.id, 'status', NEW.status));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A month auto-save skipped (a short balance) is mailed once.
CREATE FUNCTION outbox_owe_auto_save_skip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.outcome = 'skipped' THEN
    PERFORM outbox_owe('gae.auto-save-skipped', 'gae.auto-save-skipped:' || NEW.plan_id || ':' || NEW.period,
                       jsonb_build_object('planId', NEW.plan_id, 'period', NEW.period));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A remittance mails its sender and its recipient.
CREATE FUNCTION outbox_owe_remittance_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM outbox_owe('payments.remittance', 'payments.remittance:' || NEW.id, jsonb_build_object('id', NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Debts owed before this migration become messages first, so an upgrade loses none: what the
-- old columns said was owed and not marked sent.
SELECT outbox_owe('gae.termination', 'gae.termination:' || id || ':' || status, jsonb_build_object('id', id, 'status', status))
  FROM gae_terminations WHERE status IN ('requested', 'approved', 'rejected') AND mailed_status IS DISTINCT FROM status;
--> statement-breakpoint
SELECT outbox_owe('usdau.request', 'usdau.request:' || id || ':' || status, jsonb_build_object('id', id, 'status', status))
  FROM usdau_requests WHERE status IN ('requested', 'approved', 'rejected') AND mailed_status IS DISTINCT FROM status;
--> statement-breakpoint
SELECT outbox_owe('referrals.reward-request', 'referrals.reward-request:' || id || ':' || status, jsonb_build_object('id', id, 'status', status))
  FROM reward_requests WHERE status IN ('approved', 'rejected') AND mailed_status IS DISTINCT FROM status;
--> statement-breakpoint
SELECT outbox_owe('payments.credited', 'payments.credited:' || id || ':' || status, jsonb_build_object('id', id, 'status', status))
  FROM payments WHERE status = 'credited' AND mailed_status IS DISTINCT FROM 'credited';
--> statement-breakpoint
SELECT outbox_owe('payments.remittance', 'payments.remittance:' || id, jsonb_build_object('id', id))
  FROM remittances WHERE mailed_at IS NULL;
--> statement-breakpoint
SELECT outbox_owe('gae.auto-save-skipped', 'gae.auto-save-skipped:' || plan_id || ':' || period,
                  jsonb_build_object('planId', plan_id, 'period', period))
  FROM gae_auto_save_runs WHERE outcome = 'skipped' AND mailed_at IS NULL;
--> statement-breakpoint
SELECT outbox_owe('support.message', 'support.message:' || id, jsonb_build_object('id', id))
  FROM support_messages WHERE mailed_at IS NULL;
--> statement-breakpoint
SELECT outbox_owe('support.ticket-closed', 'support.ticket-closed:' || id, jsonb_build_object('id', id))
  FROM support_tickets WHERE status = 'closed' AND close_mailed_at IS NULL;
--> statement-breakpoint
SELECT outbox_owe('ges.lifecycle', 'ges.lifecycle:' || membership_id || ':' || event || ':' || seq,
                  jsonb_build_object('membershipId', membership_id, 'event', event, 'seq', seq))
  FROM ges_mails WHERE mailed_at IS NULL;
--> statement-breakpoint
-- Account mails had no debt of their own: their pg-boss jobs were it. Those not yet done become
-- messages (same payloads: a user id, or the address and name of a taken username). A database
-- where pg-boss never started has none.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    PERFORM outbox_owe(kind, kind || ':upgrade:' || id, data)
       FROM (SELECT 'auth.' || substr(name, length('mail.') + 1) AS kind, id, data
               FROM pgboss.job
              WHERE name IN ('mail.email-verification', 'mail.password-reset', 'mail.registration-attempt',
                             'mail.username-taken', 'mail.account-locked')
                AND state::text IN ('created', 'retry', 'active')) AS owed;
  END IF;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gae_terminations_owe_mail" AFTER INSERT OR UPDATE OF "status" ON "gae_terminations"
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_status_mail('gae.termination', '{requested,approved,rejected}');
--> statement-breakpoint
CREATE TRIGGER "usdau_requests_owe_mail" AFTER INSERT OR UPDATE OF "status" ON "usdau_requests"
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_status_mail('usdau.request', '{requested,approved,rejected}');
--> statement-breakpoint
CREATE TRIGGER "reward_requests_owe_mail" AFTER INSERT OR UPDATE OF "status" ON "reward_requests"
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_status_mail('referrals.reward-request', '{approved,rejected}');
--> statement-breakpoint
CREATE TRIGGER "payments_owe_mail" AFTER INSERT OR UPDATE OF "status" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_status_mail('payments.credited', '{credited}');
--> statement-breakpoint
CREATE TRIGGER "remittances_owe_mail" AFTER INSERT ON "remittances"
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_remittance_mail();
--> statement-breakpoint
CREATE TRIGGER "gae_auto_save_runs_owe_mail" AFTER INSERT ON "gae_auto_save_runs"
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_auto_save_skip();
--> statement-breakpoint
-- The old debts' columns and sweeps' claims (their partial indexes go with them).
ALTER TABLE "gae_terminations" DROP COLUMN "mailed_status", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "usdau_requests" DROP COLUMN "mailed_status", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "reward_requests" DROP COLUMN "mailed_status", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "mailed_status", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "remittances" DROP COLUMN "mailed_at", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "gae_auto_save_runs" DROP COLUMN "mailed_at", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "support_messages" DROP COLUMN "mailed_at", DROP COLUMN "mail_swept_at";
--> statement-breakpoint
ALTER TABLE "support_tickets" DROP COLUMN "close_mailed_at", DROP COLUMN "close_mail_swept_at";
--> statement-breakpoint
-- GES's operations owe their lifecycle mails through outbox_owe (below); their old outbox goes.
DROP TABLE "ges_mails";
--> statement-breakpoint
-- As in 0023 (join) and 0020 (instalment), each lifecycle mail now owed through outbox_owe.
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
  -- The operator may change the instalment until the first member joins (PATCH
  -- /admin/ges/groups/{id}, which takes this group's lock too). A quote priced before the change
  -- would book a first instalment unlike all the others, at a figure the group no longer asks.
  IF quote.amount_usdt <> g.instalment_usdt THEN
    RETURN money_refusal(409, 'ConflictError',
      'This group''s instalment has changed since your quote. Ask for a new quote to see the new terms.');
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
  PERFORM outbox_owe('ges.lifecycle', 'ges.lifecycle:' || m.id || ':joined:1',
                     jsonb_build_object('membershipId', m.id, 'event', 'joined', 'seq', 1));
  RETURN answer || jsonb_build_object('membershipId', m.id);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_op_ges_instalment(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  mail_event text;
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
    mail_event := CASE WHEN outcome LIKE '%matured' THEN 'matured' ELSE outcome END;
    PERFORM outbox_owe('ges.lifecycle', 'ges.lifecycle:' || m.id || ':' || mail_event || ':' || seq,
                       jsonb_build_object('membershipId', m.id, 'event', mail_event, 'seq', seq));
  END IF;
  RETURN answer || jsonb_build_object('outcome', outcome);
END
$$;

-- The operator's "edit before start" (PATCH /admin/ges/groups/{id}) may change a group's
-- instalment while the group is a draft, or open with no members before its start date. The edit
-- and a join both lock the group row first, so they happen one after the other; but a customer's
-- 30-second quote could still have been priced at the old instalment. The join now refuses such a
-- quote instead of booking it, and a join whose due days were computed from another start date.
-- A join adds one to the group's member count.
CREATE OR REPLACE FUNCTION money_op_ges_join(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  now_at timestamptz := (p_op->>'now')::timestamptz;
  g ges_groups;
  doc ges_documents;
  quote ges_quotes;
  m ges_memberships;
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
  -- The group's own count (kept by this join, under the lock taken above): no count of members.
  IF g.member_count >= g.member_cap THEN
    RETURN money_refusal(409, 'ConflictError', 'This group is full.');
  END IF;
  SELECT * INTO quote FROM ges_quotes WHERE id = (p_op->>'quoteId')::uuid AND user_id = customer AND group_id = g.id FOR UPDATE;
  IF quote.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
  END IF;
  IF quote.used_at IS NOT NULL THEN
    RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
  END IF;
  -- Refused at the instant it expires, as every other quote of the platform.
  IF quote.expires_at <= now_at THEN
    RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
  END IF;
  -- The operator may change the instalment until the first member joins (PATCH
  -- /admin/ges/groups/{id}, which takes this group's lock too). A quote priced before the change
  -- would book a first instalment unlike all the others, at a figure the group no longer asks.
  -- The due days come computed from the start date (ges.rules.ts dueOn, their one home): one the
  -- operator changed since (the same edit, under the same lock) would put them on other days.
  IF (p_op->>'startDate')::date <> g.start_date THEN
    RETURN money_refusal(409, 'ConflictError',
      'This group''s start date has changed since your quote. Ask for a new quote to see the new terms.');
  END IF;
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
          CASE WHEN g.term_months > 1 THEN (p_op->>'nextDueOn')::date END)
  RETURNING * INTO m;
  UPDATE ges_groups SET member_count = member_count + 1 WHERE id = g.id;
  INSERT INTO ges_instalments (membership_id, seq, due_on, status, paid_at) VALUES (m.id, 1, g.start_date, 'missed', now_at);
  answer := ges_book_instalment(p_op, m, 1, quote.amount_usdt, quote.grams, quote.fee, quote.price);
  UPDATE ges_quotes SET used_at = now_at WHERE id = quote.id;
  -- The welcome mail is owed from the same commit as the membership.
  PERFORM outbox_owe('ges.lifecycle', 'ges.lifecycle:' || m.id || ':joined:1',
                     jsonb_build_object('membershipId', m.id, 'event', 'joined', 'seq', 1));
  RETURN answer || jsonb_build_object('membershipId', m.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('ges_join', 'money_op_ges_join', true, NULL);

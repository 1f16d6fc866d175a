-- As in 0014, and each outcome a member is told of (a miss, the lapse, maturity) is written to
-- the mail outbox in the same transaction as the instalment. The due days (this one's and the
-- next) are given by the caller (ges.rules.ts dueOn); the lapse is ges_lapses', the bonus
-- ges_bonus_grams' (through ges_close).
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
  IF ges_lapses(m.missed_count) THEN
    PERFORM ges_close(m.id, 'lapsed', 0, now_at);
    outcome := 'lapsed';
  ELSIF seq >= g.term_months THEN
    PERFORM ges_close(m.id, 'matured', g.bonus_instalments, now_at);
    outcome := CASE WHEN outcome = 'paid' THEN 'paid_matured' ELSE 'missed_matured' END;
  ELSE
    -- The day is the caller's (ges.rules.ts dueOn, the due days' one home): booked as given.
    UPDATE ges_memberships SET next_due_on = (p_op->>'nextDueOn')::date WHERE id = m.id;
  END IF;
  -- Every outcome is told: 'taken' in the app only, the others by mail too (ges.module.ts).
  mail_event := CASE WHEN outcome LIKE '%matured' THEN 'matured' WHEN outcome = 'paid' THEN 'taken' ELSE outcome END;
  PERFORM outbox_owe('ges.lifecycle', 'ges.lifecycle:' || m.id || ':' || mail_event || ':' || seq,
                     jsonb_build_object('membershipId', m.id, 'event', mail_event, 'seq', seq));
  RETURN answer || jsonb_build_object('outcome', outcome);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('ges_instalment', 'money_op_ges_instalment', true, NULL);

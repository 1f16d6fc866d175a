-- Closes a membership: its group grams go to the GSA, plus at maturity the bonus from the
-- rewards pool (ges_bonus_grams: bonus instalments x the member's average grams per paid
-- instalment). A lapse pays no bonus.
CREATE OR REPLACE FUNCTION ges_close(m_id uuid, p_status text, p_bonus_instalments int, p_now timestamptz)
RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
  m ges_memberships;
  held numeric;
  bonus numeric := 0;
BEGIN
  SELECT * INTO m FROM ges_memberships WHERE id = m_id;
  -- The customer's `ges` account holds every group's grams: this membership's are its passbook's.
  SELECT coalesce(sum(grams), 0) INTO held FROM ges_instalments WHERE membership_id = m.id AND status = 'paid';
  IF p_status = 'matured' THEN
    bonus := ges_bonus_grams(held, m.paid_count, p_bonus_instalments);
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

-- Operation "redemption_cancel": the customer takes back a redemption still waiting for review.
-- Like a rejection the locked grams return to the gold savings account, but nobody decided it:
-- it ends 'cancelled', decided by nobody. review_claim locks the row, so a cancel and an
-- operator's decision racing on one redemption cannot both win.
CREATE OR REPLACE FUNCTION money_op_redemption_cancel(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  redemption redemptions;
  answer jsonb := review_claim('redemptions', (p_op->>'redemptionId')::uuid, customer, 'requested',
                               'Redemption not found.', 'This redemption was already %s.');
BEGIN
  IF answer IS NOT NULL THEN
    RETURN answer;
  END IF;
  SELECT * INTO redemption FROM redemptions WHERE id = (p_op->>'redemptionId')::uuid;
  PERFORM redemption_release(redemption, 'redemption.cancel');
  PERFORM review_settle('redemptions', redemption.id, 'cancelled', p_op);
  RETURN jsonb_build_object('status', 200, 'redemptionId', redemption.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('redemption_cancel', 'money_op_redemption_cancel', false, NULL);

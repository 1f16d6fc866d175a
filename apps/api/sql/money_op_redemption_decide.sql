-- Operation "redemption_decide": an operator approves a redemption (the grams stay locked until
-- it is delivered) or rejects it (they return to the gold savings account). A redemption is
-- decided once; review_claim locks the row, so a decision and the customer's cancel racing on
-- one redemption cannot both win.
CREATE OR REPLACE FUNCTION money_op_redemption_decide(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
  IF p_op->>'decision' = 'approve' THEN
    PERFORM review_settle('redemptions', redemption.id, 'approved', p_op);
  ELSE
    PERFORM redemption_release(redemption, 'redemption.reject');
    PERFORM review_settle('redemptions', redemption.id, 'rejected', p_op);
  END IF;
  RETURN jsonb_build_object('status', 200, 'redemptionId', redemption.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('redemption_decide', 'money_op_redemption_decide', false, NULL);

-- Operation "redemption_decide": an operator approves a redemption (the grams stay locked until
-- it is delivered) or rejects it (they return to the gold savings account): redemption_booking.
-- A redemption is decided once; review_decide locks the row, so a decision and the customer's
-- cancel racing on one redemption cannot both win.
CREATE OR REPLACE FUNCTION money_op_redemption_decide(p_op jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT review_decide(p_op, 'redemptions', 'redemptionId', 'requested', 'Redemption not found.',
                       'This redemption was already %s.', 'redemption_booking')
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('redemption_decide', 'money_op_redemption_decide', false, NULL);

-- Operation "redemption_cancel": the customer takes back a redemption still waiting for review.
-- Like a rejection the locked grams return to the gold savings account (redemption_booking),
-- but nobody decided it: it ends 'cancelled', decided by nobody. review_decide locks the row,
-- so a cancel and an operator's decision racing on one redemption cannot both win.
CREATE OR REPLACE FUNCTION money_op_redemption_cancel(p_op jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT review_decide(p_op, 'redemptions', 'redemptionId', 'requested', 'Redemption not found.',
                       'This redemption was already %s.', 'redemption_booking', 'cancelled')
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('redemption_cancel', 'money_op_redemption_cancel', false, NULL);

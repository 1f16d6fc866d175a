-- Operation "usdau_decide": an operator approves (the locked grams return to the vault, the
-- USDAU leaves the treasury for the outside world, and a chain transfer to the customer's
-- address is written in the same transaction) or rejects (the grams return to the GSA):
-- usdau_request_booking. A request is decided once (review_decide). A payout whose transfer
-- fails is compensated by usdau_payout_failed.
CREATE OR REPLACE FUNCTION money_op_usdau_decide(p_op jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT review_decide(p_op, 'usdau_requests', 'requestId', 'requested', 'USDAU request not found.',
                       'This USDAU request was already %s.', 'usdau_request_booking')
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('usdau_decide', 'money_op_usdau_decide', false, 'usdau_payout_failed');

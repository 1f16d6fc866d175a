-- Operation "usdau_request": grams of the customer's GSA (GOLD available) are locked against
-- a payout in USDAU to an external address, at the figures the API computed (spot x 0.98).
CREATE OR REPLACE FUNCTION money_op_usdau_request(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  grams numeric := (p_op->>'grams')::numeric;
  lock_entry uuid;
  request usdau_requests;
BEGIN
  IF NOT money_can_pay(customer, 'GOLD', grams) THEN
    RETURN money_refusal(422, 'InsufficientFundsError',
      'Insufficient gold balance: your gold savings account holds fewer grams.', jsonb_build_object('asset', 'GOLD'));
  END IF;
  lock_entry := ledger_post('usdau.lock', p_op->>'code', jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', (-grams)::text),
    jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', grams::text)));
  INSERT INTO usdau_requests (code, user_id, grams, address, price, usdau_amount, lock_entry_id, created_at)
  VALUES (p_op->>'code', customer, grams, p_op->>'address', (p_op->>'price')::numeric,
          (p_op->>'usdauAmount')::numeric, lock_entry, (p_op->>'now')::timestamptz)
  RETURNING * INTO request;
  RETURN jsonb_build_object('status', 200, 'requestId', request.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('usdau_request', 'money_op_usdau_request', false, NULL);

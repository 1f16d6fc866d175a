-- Operation "payment_credit": a paid Spend To Save payment puts the quoted grams into the GSA,
-- once: the payment row is locked and a second event finds it credited. The gateway's word on
-- the money wins over our own bookkeeping: a payment we marked cancelled or expired that the
-- gateway reports paid is credited. An amount or currency other than the checkout's is not.
CREATE OR REPLACE FUNCTION money_op_payment_credit(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  now_at timestamptz := (p_op->>'now')::timestamptz;
  p payments;
  answer jsonb;
BEGIN
  SELECT * INTO p FROM payments WHERE id = (p_op->>'paymentId')::uuid AND user_id = customer FOR UPDATE;
  IF p.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Payment not found.');
  END IF;
  IF p.status = 'credited' THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'duplicate');
  END IF;
  IF (p_op->>'amountCents')::numeric IS DISTINCT FROM p.amount_cents OR lower(p_op->>'currency') IS DISTINCT FROM 'usd' THEN
    UPDATE payments SET status = 'failed', updated_at = now_at,
           failure_reason = 'The payment gateway reported a different amount. Our support team will contact you.'
     WHERE id = p.id;
    RETURN jsonb_build_object('status', 200, 'outcome', 'mismatch');
  END IF;
  answer := money_book('payment.credit', p.id::text, jsonb_build_array(
      jsonb_build_object('owner', NULL, 'purpose', 'external', 'asset', 'USD', 'amount', (-p.amount_cents)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USD', 'amount', (p.amount_cents - p.fee_cents)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', (-p.grams)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', p.grams::text))
    || CASE WHEN p.fee_cents > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'USD', 'amount', p.fee_cents::text))
         ELSE '[]'::jsonb END,
    jsonb_build_object('userId', customer, 'type', 'PAYMENT', 'code', p.code, 'assetIn', 'USD',
      'amountIn', p.amount_cents::text, 'assetOut', 'GOLD', 'amountOut', p.grams::text, 'price', p.price::text,
      'fee', p.fee_cents::text, 'feeAsset', 'USD'));
  UPDATE payments SET status = 'credited', failure_reason = NULL, credited_at = now_at, updated_at = now_at,
         transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE id = p.id;
  RETURN answer || jsonb_build_object('outcome', 'credited');
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('payment_credit', 'money_op_payment_credit', true, NULL);

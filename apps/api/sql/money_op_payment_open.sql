-- Operation "payment_open": a Spend To Save checkout's payment row, at its quote's figures,
-- under the caller's Idempotency-Key (DESIGN.md section 2). Nothing moves yet, but the call
-- opens a card charge, so a retried request must get the first answer (the same payment and
-- checkout) rather than a "quote used" refusal: money_execute claims the key and stores this
-- answer in the same transaction as the row and the quote's use. The gateway is called after
-- the commit, by the API.
CREATE OR REPLACE FUNCTION money_op_payment_open(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  now_at timestamptz := (p_op->>'now')::timestamptz;
  quote save_quotes;
  opened uuid;
BEGIN
  SELECT * INTO quote FROM save_quotes
   WHERE id = (p_op->>'quoteId')::uuid AND user_id = customer AND kind = 'SPEND' FOR UPDATE;
  IF quote.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
  END IF;
  IF quote.amount_in IS DISTINCT FROM (p_op->>'amountCents')::numeric THEN
    RETURN money_refusal(409, 'ConflictError', 'This quote was for another amount. Please ask for a new one.',
      jsonb_build_object('field', 'amountUsd'));
  END IF;
  IF quote.used_at IS NOT NULL THEN
    RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
  END IF;
  IF quote.expires_at <= now_at THEN
    RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
  END IF;
  INSERT INTO payments (code, user_id, gateway, amount_cents, fee_cents, grams, price, expires_at, created_at, updated_at)
  VALUES (p_op->>'code', customer, p_op->>'gateway', quote.amount_in, quote.fee, quote.grams, quote.price,
          (p_op->>'expiresAt')::timestamptz, now_at, now_at)
  RETURNING id INTO opened;
  UPDATE save_quotes SET used_at = now_at WHERE id = quote.id;
  RETURN jsonb_build_object('status', 200, 'paymentId', opened);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('payment_open', 'money_op_payment_open', false, NULL);

-- Operation "redemption_request": a customer confirms a physical redemption quote in time with
-- a delivery address. The quote's grams (the fine grams and the fees in grams) move from the
-- gold savings account (GOLD available) to locked, where they wait for the operator's review.
-- Refused: another customer's or an unknown quote (404), a used one (409), an expired one
-- (422), a product the operator has since withdrawn (422), fewer grams than the quote (422).
CREATE OR REPLACE FUNCTION money_op_redemption_request(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  quote redemption_quotes;
  product redemption_products;
  grams numeric;
  lock_entry uuid;
  redemption redemptions;
BEGIN
  SELECT * INTO quote FROM redemption_quotes WHERE id = (p_op->>'quoteId')::uuid AND user_id = customer FOR UPDATE;
  IF quote.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
  END IF;
  IF quote.used_at IS NOT NULL THEN
    RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
  END IF;
  IF quote.expires_at <= (p_op->>'now')::timestamptz THEN
    RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
  END IF;
  SELECT * INTO product FROM redemption_products WHERE id = quote.product_id;
  IF NOT product.active THEN
    RETURN money_refusal(422, 'UnprocessableError', 'This product is no longer offered. Choose another one.');
  END IF;
  grams := quote.fine_grams + quote.fee_grams;
  IF NOT money_can_pay(customer, 'GOLD', grams) THEN
    RETURN money_refusal(422, 'InsufficientFundsError',
      'Insufficient gold balance: your gold savings account holds fewer grams.', jsonb_build_object('asset', 'GOLD'));
  END IF;
  lock_entry := ledger_post('redemption.lock', p_op->>'code', jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', (-grams)::text),
    jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD', 'amount', grams::text)));
  INSERT INTO redemptions (code, user_id, product_id, product_name, quantity, fine_grams, fee_grams, making_fee,
                           delivery_fee, price, address, lock_entry_id, requested_at)
  VALUES (p_op->>'code', customer, product.id, product.name, quote.quantity, quote.fine_grams, quote.fee_grams,
          quote.making_fee, quote.delivery_fee, quote.price, p_op->'address', lock_entry, (p_op->>'now')::timestamptz)
  RETURNING * INTO redemption;
  UPDATE redemption_quotes SET used_at = (p_op->>'now')::timestamptz WHERE id = quote.id;
  RETURN jsonb_build_object('status', 200, 'redemptionId', redemption.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('redemption_request', 'money_op_redemption_request', false, NULL);

-- Operation "swap": executes a quote once, for its owner, before it expires. With
-- expectAssetIn/expectAmountIn (a sell at the quote shown) the quote must be for exactly that.
CREATE OR REPLACE FUNCTION money_op_swap(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  quote swap_quotes;
  answer jsonb;
BEGIN
  SELECT * INTO quote FROM swap_quotes
   WHERE id = (p_op->>'quoteId')::uuid AND user_id = (p_op->>'userId')::uuid FOR UPDATE;
  IF NOT FOUND THEN
    RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
  END IF;
  IF p_op ? 'expectAssetIn' AND (quote.asset_in::text <> p_op->>'expectAssetIn'
                                 OR quote.amount_in <> (p_op->>'expectAmountIn')::numeric) THEN
    RETURN money_refusal(422, 'UnprocessableError', 'This quote is for another amount. Please ask for a new one.');
  END IF;
  IF quote.used_at IS NOT NULL THEN
    RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
  END IF;
  IF quote.expires_at <= (p_op->>'now')::timestamptz THEN
    RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
  END IF;
  answer := money_book_swap(p_op, quote.asset_in, quote.amount_in, quote.asset_out, quote.amount_out, quote.fee, quote.price);
  IF (answer->>'status')::int = 200 THEN
    UPDATE swap_quotes SET used_at = (p_op->>'now')::timestamptz WHERE id = quote.id;
  END IF;
  RETURN answer;
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('swap', 'money_op_swap', true, NULL);

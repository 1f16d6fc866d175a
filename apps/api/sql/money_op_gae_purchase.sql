-- Operation "gae_purchase": a GAE or GAEX quote, executed once by its owner before it expires.
CREATE OR REPLACE FUNCTION money_op_gae_purchase(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  quote gold_quotes;
  refusal jsonb;
  answer jsonb;
BEGIN
  SELECT * INTO quote FROM gold_quotes
   WHERE id = (p_op->>'quoteId')::uuid AND user_id = (p_op->>'userId')::uuid FOR UPDATE;
  refusal := gold_quote_refusal(quote, p_op, ARRAY['GAE', 'GAEX']);
  IF refusal IS NOT NULL THEN
    RETURN refusal;
  END IF;
  answer := gae_book_purchase(p_op, quote.kind, quote.amount_in, quote.amount_out, quote.fee, quote.price);
  IF (answer->>'status')::int = 200 THEN
    UPDATE gold_quotes SET used_at = (p_op->>'now')::timestamptz WHERE id = quote.id;
  END IF;
  RETURN answer;
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('gae_purchase', 'money_op_gae_purchase', true, NULL);

-- A quote of gold_quotes, locked, checked for its owner, kind, use and age. Answers NULL when
-- it may be executed, else the refusal.
CREATE OR REPLACE FUNCTION gold_quote_refusal(quote gold_quotes, p_op jsonb, p_kinds text[]) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF quote.id IS NULL OR NOT (quote.kind = ANY (p_kinds)) THEN
    RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
  END IF;
  IF quote.used_at IS NOT NULL THEN
    RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
  END IF;
  IF quote.expires_at <= (p_op->>'now')::timestamptz THEN
    RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
  END IF;
  RETURN NULL;
END
$$;

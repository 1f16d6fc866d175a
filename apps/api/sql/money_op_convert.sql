-- Operation "convert": QMGT <-> GSA grams 1:1 at the quote's figures. QMGT in is burned on
-- chain (it returns to the treasury, the issuer), QMGT out is minted (chain_movements_of);
-- grams come from or go back to the vault; the fee (in what the customer receives) goes to fees.
CREATE OR REPLACE FUNCTION money_op_convert(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  quote gold_quotes;
  refusal jsonb;
  issuer_in text;
  issuer_out text;
  answer jsonb;
BEGIN
  SELECT * INTO quote FROM gold_quotes
   WHERE id = (p_op->>'quoteId')::uuid AND user_id = customer FOR UPDATE;
  refusal := gold_quote_refusal(quote, p_op, ARRAY['CONVERT']);
  IF refusal IS NOT NULL THEN
    RETURN refusal;
  END IF;
  IF NOT money_can_pay(customer, quote.asset_in, quote.amount_in) THEN
    RETURN money_refusal(422, 'InsufficientFundsError', format('Insufficient %s balance.', quote.asset_in),
      jsonb_build_object('asset', quote.asset_in));
  END IF;
  issuer_in := CASE WHEN quote.asset_in = 'QMGT' THEN 'treasury' ELSE 'gold_vault' END;
  issuer_out := CASE WHEN quote.asset_out = 'QMGT' THEN 'treasury' ELSE 'gold_vault' END;
  answer := money_book('convert', NULL, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', quote.asset_in, 'amount', (-quote.amount_in)::text),
      jsonb_build_object('owner', NULL, 'purpose', issuer_in, 'asset', quote.asset_in, 'amount', quote.amount_in::text),
      jsonb_build_object('owner', NULL, 'purpose', issuer_out, 'asset', quote.asset_out, 'amount', (-(quote.amount_out + quote.fee))::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', quote.asset_out, 'amount', quote.amount_out::text))
    || CASE WHEN quote.fee > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', quote.asset_out, 'amount', quote.fee::text))
         ELSE '[]'::jsonb END,
    jsonb_build_object('userId', customer, 'type', 'CONVERT', 'code', p_op->>'code', 'assetIn', quote.asset_in,
      'amountIn', quote.amount_in::text, 'assetOut', quote.asset_out, 'amountOut', quote.amount_out::text,
      'price', NULL, 'fee', quote.fee::text, 'feeAsset', quote.asset_out));
  UPDATE gold_quotes SET used_at = (p_op->>'now')::timestamptz WHERE id = quote.id;
  RETURN answer;
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('convert', 'money_op_convert', false, NULL);

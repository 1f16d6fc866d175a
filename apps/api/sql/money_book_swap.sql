CREATE OR REPLACE FUNCTION money_book_swap(p_op jsonb, p_in asset, p_amount_in numeric, p_out asset, p_amount_out numeric, p_fee numeric, p_price numeric)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
BEGIN
  IF NOT money_can_pay(customer, p_in, p_amount_in) THEN
    RETURN money_refusal(422, 'InsufficientFundsError', format('Insufficient %s balance.', p_in), jsonb_build_object('asset', p_in));
  END IF;
  RETURN money_book(
    CASE WHEN p_in = 'USDT' THEN 'swap.buy_qmgt' ELSE 'swap.sell_qmgt' END, NULL,
    money_swap_lines(customer, p_in, p_amount_in, p_out, p_amount_out, p_fee),
    jsonb_build_object('userId', customer, 'type', 'QMGT', 'code', p_op->>'code', 'assetIn', p_in,
      'amountIn', p_amount_in::text, 'assetOut', p_out, 'amountOut', p_amount_out::text, 'price', p_price::text,
      'fee', p_fee::text, 'feeAsset', p_out));
END
$$;

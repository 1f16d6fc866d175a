-- Operation "sell": QMGT for USDT at the sell price the API computed from the current spot,
-- refused when the customer would get less than the minimum they accepted.
CREATE OR REPLACE FUNCTION money_op_sell(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF (p_op->>'amountOut')::numeric < (p_op->>'minAmountOut')::numeric THEN
    RETURN money_refusal(422, 'PriceMovedError',
      'The sell price moved: you would receive less than the minimum you accepted. Check the new price and try again.',
      jsonb_build_object('amountOut', p_op->>'amountOut'));
  END IF;
  RETURN money_book_swap(p_op, 'QMGT', (p_op->>'amountIn')::numeric, 'USDT', (p_op->>'amountOut')::numeric,
                         (p_op->>'fee')::numeric, (p_op->>'price')::numeric);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('sell', 'money_op_sell', false, NULL);

-- Books instalment `p_seq` of a membership (the passbook row must exist: the caller's guard).
CREATE OR REPLACE FUNCTION ges_book_instalment(p_op jsonb, m ges_memberships, p_seq int, p_usdt numeric, p_grams numeric,
                                    p_fee numeric, p_price numeric)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  answer jsonb;
BEGIN
  answer := money_book('ges.instalment', m.id::text, gold_purchase_lines(m.user_id, p_usdt, p_fee, p_grams, 'ges'),
    jsonb_build_object('userId', m.user_id, 'type', 'GES', 'code', p_op->>'code', 'assetIn', 'USDT',
      'amountIn', p_usdt::text, 'assetOut', 'GOLD', 'amountOut', p_grams::text, 'price', p_price::text,
      'fee', p_fee::text, 'feeAsset', 'USDT'));
  UPDATE ges_instalments SET status = 'paid', amount_usdt = p_usdt, price = p_price, grams = p_grams,
         transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE membership_id = m.id AND seq = p_seq;
  UPDATE ges_memberships SET paid_count = paid_count + 1 WHERE id = m.id;
  RETURN answer;
END
$$;

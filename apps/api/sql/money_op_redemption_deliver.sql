-- Operation "redemption_deliver": the operator marks a shipped redemption delivered. In one
-- transaction the fine grams leave the customer's liabilities (locked -> external: the metal is
-- now outside the platform) and the vault (vault_bar_reduce: the bar the operator chose, else
-- the first one holding enough metal), and the fee grams become the platform's revenue (GOLD
-- fees: still metal in the vault, so still counted on both sides of the proof of reserves).
-- Refused: an unknown redemption (404), one not shipped (409), no bar holding the grams (409).
CREATE OR REPLACE FUNCTION money_op_redemption_deliver(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  redemption redemptions;
  bar vault_bars;
  lines jsonb;
  answer jsonb := review_claim('redemptions', (p_op->>'redemptionId')::uuid, customer, 'shipped',
                               'Redemption not found.',
                               'This redemption is %s: only a shipped redemption can be marked delivered.');
BEGIN
  IF answer IS NOT NULL THEN
    RETURN answer;
  END IF;
  SELECT * INTO redemption FROM redemptions WHERE id = (p_op->>'redemptionId')::uuid;
  bar := vault_bar_reduce((p_op->>'barId')::uuid, redemption.fine_grams, (p_op->>'operatorId')::uuid,
                          'redemption ' || redemption.code);
  IF bar.id IS NULL THEN
    RETURN money_refusal(409, 'ConflictError', CASE WHEN p_op->>'barId' IS NULL
      THEN 'No vault bar holds the ' || trim_scale(redemption.fine_grams / 1000000) || ' g delivered. Add the bar to the vault list first.'
      ELSE 'This vault bar does not hold the ' || trim_scale(redemption.fine_grams / 1000000) || ' g delivered (or is withdrawn). Choose another bar.' END);
  END IF;
  lines := jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'GOLD',
                       'amount', (-(redemption.fine_grams + redemption.fee_grams))::text),
    jsonb_build_object('owner', NULL, 'purpose', 'external', 'asset', 'GOLD', 'amount', redemption.fine_grams::text));
  IF redemption.fee_grams > 0 THEN
    lines := lines || jsonb_build_array(
      jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'GOLD', 'amount', redemption.fee_grams::text));
  END IF;
  answer := money_book('redemption.delivery', redemption.id::text, lines,
    jsonb_build_object('userId', customer, 'type', 'REDEMPTION', 'code', redemption.code, 'assetIn', 'GOLD',
      'amountIn', (redemption.fine_grams + redemption.fee_grams)::text, 'assetOut', NULL, 'amountOut', NULL,
      'price', redemption.price::text, 'fee', redemption.fee_grams::text, 'feeAsset', 'GOLD'));
  UPDATE redemptions SET status = 'delivered', delivered_at = (p_op->>'now')::timestamptz,
         delivered_by = (p_op->>'operatorId')::uuid, vault_bar_id = bar.id,
         transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE id = redemption.id;
  RETURN answer || jsonb_build_object('redemptionId', redemption.id, 'barId', bar.id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('redemption_deliver', 'money_op_redemption_deliver', false, NULL);

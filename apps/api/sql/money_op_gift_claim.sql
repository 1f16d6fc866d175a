-- Operation "gift_claim" (decision 021): a gift waiting in escrow for an address, credited to
-- the GSA of the verified customer who now has that address. Exactly once: the gift row is
-- locked and only a waiting gift not yet due to return is claimed; a second claim, a claim
-- after the return, or a return after the claim finds it settled and books nothing.
CREATE OR REPLACE FUNCTION money_op_gift_claim(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  now_at timestamptz := (p_op->>'now')::timestamptz;
  gift gifts;
  answer jsonb;
BEGIN
  SELECT * INTO gift FROM gifts WHERE id = (p_op->>'giftId')::uuid FOR UPDATE;
  IF gift.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Gift not found.');
  END IF;
  IF gift.status <> 'waiting' THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'settled');
  END IF;
  IF gift.expires_at <= now_at THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'expired');
  END IF;
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = customer AND email = gift.invited_email AND kyc_status::text = 'Verified')
     OR customer = gift.sender_id THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'not_eligible');
  END IF;
  answer := money_book('gift.claim', gift.id::text, jsonb_build_array(
      jsonb_build_object('owner', NULL, 'purpose', 'gift_escrow', 'asset', 'GOLD', 'amount', (-gift.grams)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', gift.grams::text)),
    jsonb_build_object('userId', customer, 'type', 'GIFT', 'code', p_op->>'code', 'assetOut', 'GOLD',
                       'amountOut', gift.grams::text));
  UPDATE gifts SET status = 'claimed', recipient_id = customer, recipient_transaction_id = (answer->'transaction'->>'id')::uuid,
                   settled_at = now_at
   WHERE id = gift.id;
  PERFORM outbox_owe('gifts.received', 'gifts.received:' || gift.id, jsonb_build_object('id', gift.id));
  RETURN answer || jsonb_build_object('outcome', 'claimed', 'giftId', gift.id);
END
$$;

SELECT money_kind_register('gift_claim', 'money_op_gift_claim', false, NULL);

-- Operation "gift_return" (decision 021): a gift nobody claimed by its expiry goes back to the
-- sender's GSA. Booked as the reversal of the send (the entry `GIFT.compensation`, the sender's
-- transaction failed with the reason, as money_compensate books one), so that the annual
-- statement's average cost sees a gift that never left. Exactly once: the gift row is locked
-- and only a waiting gift past its expiry returns.
CREATE OR REPLACE FUNCTION money_op_gift_return(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  now_at timestamptz := (p_op->>'now')::timestamptz;
  gift gifts;
  sent transactions;
BEGIN
  SELECT * INTO gift FROM gifts WHERE id = (p_op->>'giftId')::uuid AND sender_id = (p_op->>'userId')::uuid FOR UPDATE;
  IF gift.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Gift not found.');
  END IF;
  IF gift.status <> 'waiting' THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'settled');
  END IF;
  IF gift.expires_at > now_at THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'not_due');
  END IF;
  SELECT * INTO sent FROM transactions WHERE id = gift.sender_transaction_id FOR UPDATE;
  PERFORM ledger_post('GIFT.compensation', format('%s: not claimed, returned', sent.code), jsonb_build_array(
    jsonb_build_object('owner', NULL, 'purpose', 'gift_escrow', 'asset', 'GOLD', 'amount', (-gift.grams)::text),
    jsonb_build_object('owner', gift.sender_id, 'purpose', 'available', 'asset', 'GOLD', 'amount', gift.grams::text)));
  UPDATE transactions SET status = 'failed', updated_at = clock_timestamp(),
         failure_reason = 'Not claimed within 30 days: the grams are back in your gold savings account.'
   WHERE id = sent.id;
  UPDATE gifts SET status = 'returned', settled_at = now_at WHERE id = gift.id;
  PERFORM outbox_owe('gifts.returned', 'gifts.returned:' || gift.id, jsonb_build_object('id', gift.id));
  RETURN jsonb_build_object('status', 200, 'outcome', 'returned', 'giftId', gift.id);
END
$$;

SELECT money_kind_register('gift_return', 'money_op_gift_return', false, NULL);

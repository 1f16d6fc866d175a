-- Operation "gift_send" (decision 021): the grams of a gift quote from the sender's GSA, one
-- entry and no chain movement: to the recipient's GSA (opened if they have none) when the quote
-- named a customer, else into the platform's gift escrow for the invited address, which is
-- owed an invitation. The quote's recipient is checked again: an invited address that has
-- since become a verified customer's receives at once.
CREATE OR REPLACE FUNCTION money_op_gift_send(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  now_at timestamptz := (p_op->>'now')::timestamptz;
  quote gift_quotes;
  recipient uuid;
  lines jsonb;
  answer jsonb;
  received transactions;
  gift_id uuid := gen_random_uuid();
BEGIN
  SELECT * INTO quote FROM gift_quotes WHERE id = (p_op->>'quoteId')::uuid AND user_id = customer FOR UPDATE;
  IF quote.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
  END IF;
  IF quote.used_at IS NOT NULL THEN
    RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
  END IF;
  IF quote.expires_at <= now_at THEN
    RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
  END IF;
  IF quote.recipient_id IS NOT NULL THEN
    SELECT id INTO recipient FROM users WHERE id = quote.recipient_id AND kyc_status::text = 'Verified';
    IF recipient IS NULL THEN
      RETURN money_refusal(422, 'UnprocessableError', 'No verified customer has this e-mail or referral code.',
                           jsonb_build_object('field', 'recipient'));
    END IF;
  ELSE
    SELECT id INTO recipient FROM users WHERE email = quote.invited_email AND kyc_status::text = 'Verified';
  END IF;
  IF recipient = customer THEN
    RETURN money_refusal(422, 'UnprocessableError', 'You cannot gift gold to yourself.', jsonb_build_object('field', 'recipient'));
  END IF;
  IF NOT money_can_pay(customer, 'GOLD', quote.grams) THEN
    RETURN money_refusal(422, 'InsufficientFundsError', 'You hold fewer grams in your gold savings account than this gift.',
                         jsonb_build_object('asset', 'GOLD', 'field', 'grams'));
  END IF;
  lines := jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', (-quote.grams)::text),
    CASE WHEN recipient IS NOT NULL
      THEN jsonb_build_object('owner', recipient, 'purpose', 'available', 'asset', 'GOLD', 'amount', quote.grams::text)
      ELSE jsonb_build_object('owner', NULL, 'purpose', 'gift_escrow', 'asset', 'GOLD', 'amount', quote.grams::text) END);
  answer := money_book('gift_send', gift_id::text, lines,
    jsonb_build_object('userId', customer, 'type', 'GIFT', 'code', p_op->>'code', 'assetIn', 'GOLD',
                       'amountIn', quote.grams::text, 'price', quote.price::text));
  IF recipient IS NOT NULL THEN
    -- The recipient's row of the same entry, as a remittance's (money_op_remit).
    INSERT INTO transactions (code, user_id, type, operation_kind, status, asset_out, amount_out, price, journal_entry_id,
                              created_at, updated_at, settled_at)
    SELECT p_op->>'recipientCode', recipient, 'GIFT', t.operation_kind, 'completed', 'GOLD', quote.grams, quote.price,
           t.journal_entry_id, t.created_at, t.created_at, t.created_at
      FROM transactions t WHERE t.id = (answer->'transaction'->>'id')::uuid
    RETURNING * INTO received;
  END IF;
  INSERT INTO gifts (id, code, sender_id, recipient_id, invited_email, grams, value, message, status, expires_at,
                     sender_transaction_id, recipient_transaction_id, created_at, settled_at)
  VALUES (gift_id, p_op->>'code', customer, recipient, CASE WHEN recipient IS NULL THEN quote.invited_email END,
          quote.grams, quote.value, quote.message, CASE WHEN recipient IS NULL THEN 'waiting' ELSE 'claimed' END,
          CASE WHEN recipient IS NULL THEN (p_op->>'escrowUntil')::timestamptz END,
          (answer->'transaction'->>'id')::uuid, received.id, now_at, CASE WHEN recipient IS NOT NULL THEN now_at END);
  UPDATE gift_quotes SET used_at = now_at WHERE id = quote.id;
  IF recipient IS NOT NULL THEN
    PERFORM outbox_owe('gifts.received', 'gifts.received:' || gift_id, jsonb_build_object('id', gift_id));
  ELSE
    PERFORM outbox_owe('gifts.invited', 'gifts.invited:' || gift_id, jsonb_build_object('id', gift_id));
  END IF;
  RETURN answer || jsonb_build_object('giftId', gift_id);
END
$$;

-- Its registration (money_operation_types): not a purchase, nothing to undo beyond its postings.
SELECT money_kind_register('gift_send', 'money_op_gift_send', false, NULL);

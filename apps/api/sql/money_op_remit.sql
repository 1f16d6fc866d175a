-- Operation "remit": USDT from the caller to another verified customer and, with a round-up,
-- the round-up's grams (at the quote the sender saw) into the sender's GSA: one entry. The
-- sender's and the recipient's histories each get a transaction row pointing at it.
CREATE OR REPLACE FUNCTION money_op_remit(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  recipient uuid := (p_op->>'recipientId')::uuid;
  now_at timestamptz := (p_op->>'now')::timestamptz;
  amount numeric := (p_op->>'amount')::numeric;
  round_up numeric := coalesce((p_op->>'roundUp')::numeric, 0);
  quote save_quotes;
  grams numeric := 0;
  fee numeric := 0;
  lines jsonb;
  answer jsonb;
  received transactions;
  remit_id uuid := gen_random_uuid();
BEGIN
  IF amount IS NULL OR amount <= 0 OR round_up < 0 THEN
    RETURN money_refusal(422, 'UnprocessableError', 'The amount must be more than zero.', jsonb_build_object('field', 'amountUsdt'));
  END IF;
  IF recipient = customer THEN
    RETURN money_refusal(422, 'UnprocessableError', 'You cannot remit to yourself.', jsonb_build_object('field', 'recipient'));
  END IF;
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = recipient AND kyc_status::text = 'Verified') THEN
    RETURN money_refusal(422, 'UnprocessableError',
      'This recipient has not verified their identity yet, so they cannot receive remittances.',
      jsonb_build_object('field', 'recipient'));
  END IF;
  IF round_up > 0 THEN
    SELECT * INTO quote FROM save_quotes
     WHERE id = (p_op->>'quoteId')::uuid AND user_id = customer AND kind = 'REMIT' FOR UPDATE;
    IF quote.id IS NULL THEN
      RETURN money_refusal(404, 'NotFoundError', 'Quote not found.');
    END IF;
    IF quote.used_at IS NOT NULL THEN
      RETURN money_refusal(409, 'QuoteUsedError', 'This quote has already been used.');
    END IF;
    IF quote.expires_at <= now_at THEN
      RETURN money_refusal(422, 'QuoteExpiredError', 'This quote has expired. Please ask for a new one.');
    END IF;
    IF quote.amount_in <> round_up THEN
      RETURN money_refusal(409, 'ConflictError', 'This quote was for a different round-up. Please ask for a new one.');
    END IF;
    grams := quote.grams;
    fee := quote.fee;
  END IF;
  IF NOT money_can_pay(customer, 'USDT', amount + round_up) THEN
    -- The amount asked (with its round-up) is what the balance cannot pay: the form says it there.
    RETURN money_refusal(422, 'InsufficientFundsError', 'Insufficient USDT balance.',
                         jsonb_build_object('asset', 'USDT', 'field', 'amountUsdt'));
  END IF;
  lines := jsonb_build_array(
    jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'USDT', 'amount', (-(amount + round_up))::text),
    jsonb_build_object('owner', recipient, 'purpose', 'available', 'asset', 'USDT', 'amount', amount::text));
  IF round_up > 0 THEN
    lines := lines || jsonb_build_array(
      jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDT', 'amount', (round_up - fee)::text),
      jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', (-grams)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'GOLD', 'amount', grams::text))
      || CASE WHEN fee > 0
           THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'fees', 'asset', 'USDT', 'amount', fee::text))
           ELSE '[]'::jsonb END;
  END IF;
  answer := money_book('remit', remit_id::text, lines,
    jsonb_build_object('userId', customer, 'type', 'REMIT', 'code', p_op->>'code', 'assetIn', 'USDT',
      'amountIn', (amount + round_up)::text,
      'assetOut', CASE WHEN grams > 0 THEN 'GOLD' END, 'amountOut', CASE WHEN grams > 0 THEN grams::text END,
      'price', CASE WHEN grams > 0 THEN quote.price::text END,
      'fee', CASE WHEN grams > 0 THEN fee::text END, 'feeAsset', CASE WHEN grams > 0 THEN 'USDT' END));
  -- The recipient's row carries the operation kind the kernel stamped on the sender's (money_book):
  -- a compensation or a report finds both rows of a remittance by it.
  INSERT INTO transactions (code, user_id, type, operation_kind, status, asset_out, amount_out, journal_entry_id,
                            created_at, updated_at, settled_at)
  SELECT p_op->>'recipientCode', recipient, 'REMIT', t.operation_kind, 'completed', t.asset_in, amount, t.journal_entry_id,
         t.created_at, t.created_at, t.created_at
    FROM transactions t WHERE t.id = (answer->'transaction'->>'id')::uuid
  RETURNING * INTO received;
  INSERT INTO remittances (id, code, sender_id, recipient_id, amount, round_up, grams, fee, price, sender_transaction_id,
                           recipient_transaction_id, created_at)
  VALUES (remit_id, p_op->>'code', customer, recipient, amount, round_up, grams, fee, quote.price,
          (answer->'transaction'->>'id')::uuid, received.id, now_at);
  IF quote.id IS NOT NULL THEN
    UPDATE save_quotes SET used_at = now_at WHERE id = quote.id;
  END IF;
  RETURN answer || jsonb_build_object('remittanceId', remit_id);
END
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('remit', 'money_op_remit', false, NULL);

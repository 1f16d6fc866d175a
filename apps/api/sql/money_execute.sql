-- One money operation under its Idempotency-Key: the claim, the operation and the stored
-- answer are one transaction, so after a crash there is either all of it or none of it. A
-- second request with the key waits on the first one's claim row, then answers as it did.
CREATE OR REPLACE FUNCTION money_execute(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  kind text := p_op->>'kind';
  customer uuid := (p_op->>'userId')::uuid;
  idem_key text := p_op->>'key';
  earlier idempotency_keys;
  answer jsonb;
BEGIN
  IF idem_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, scope, request_hash, state)
    VALUES (customer, idem_key, p_op->>'scope', p_op->>'requestHash', 'done')
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT * INTO earlier FROM idempotency_keys WHERE user_id = customer AND key = idem_key;
      IF earlier.request_hash <> p_op->>'requestHash' THEN
        RETURN money_refusal(422, 'UnprocessableError', 'This Idempotency-Key was already used for a different request.');
      END IF;
      IF earlier.state <> 'done' OR earlier.response_body IS NULL THEN
        -- Left "running" by the three-step idempotency this engine replaced: its outcome is unknown.
        RETURN money_refusal(409, 'IdempotencyKeyInUseError',
          'A request with this Idempotency-Key is still being processed. Try again in a moment.');
      END IF;
      RETURN earlier.response_body || jsonb_build_object('replayed', true);
    END IF;
  END IF;
  -- The kernel knows operation types only as registered rows: money_dispatch is written from
  -- them (money_kind_register), and refuses a kind nobody registered, undoing the claim above
  -- with the rest of the transaction. The kind is kept for this transaction so that money_book
  -- can stamp it on what it books (and find its flags).
  PERFORM set_config('money.operation_kind', kind, true);
  answer := money_dispatch(kind, p_op);
  IF idem_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = (answer->>'status')::int, response_body = answer, completed_at = clock_timestamp()
     WHERE user_id = customer AND key = idem_key;
  END IF;
  RETURN answer;
END
$$;

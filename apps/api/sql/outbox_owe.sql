-- The one way SQL owes a message (platform/outbox, docs/decisions/014-outbox.md): in the caller's
-- transaction, under its key; owing a key again changes nothing.
CREATE OR REPLACE FUNCTION outbox_owe(p_kind text, p_key text, p_payload jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO outbox_messages (kind, key, payload) VALUES (p_kind, p_key, COALESCE(p_payload, '{}'::jsonb))
  ON CONFLICT (key) DO NOTHING;
$$;

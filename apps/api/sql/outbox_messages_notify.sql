-- Wakes every process's outbox sender when a commit owes something: delivered at commit only,
-- once per transaction however many messages it owed.
CREATE OR REPLACE FUNCTION outbox_messages_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_messages', '');
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER outbox_messages_notify AFTER INSERT ON outbox_messages
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_messages_notify();

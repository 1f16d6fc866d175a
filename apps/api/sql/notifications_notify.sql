-- Wakes every process's notification streams (modules/notifications): the payload names the
-- customer whose list grew; each stream of theirs reads what it has not sent. Delivered at commit.
CREATE OR REPLACE FUNCTION notifications_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', NEW.user_id::text);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER notifications_notify AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_notify();

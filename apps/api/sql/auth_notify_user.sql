CREATE OR REPLACE FUNCTION auth_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', 'u:' || OLD.id::text);
  RETURN NULL;
END
$$;

-- Any real change of a user row: the cached row is the whole row (the guards read role, KYC
-- status and confirmation; a password change compares against the hash).
CREATE OR REPLACE TRIGGER users_auth_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION auth_notify_user();

CREATE OR REPLACE TRIGGER users_auth_notify_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_notify_user();

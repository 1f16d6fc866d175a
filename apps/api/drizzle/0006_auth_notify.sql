-- Every API process caches sessions and the user fields its guards read. Whatever changes
-- them announces it on the channel `auth_changes`, from the database itself, so that no code
-- path (a service, a back-office fix, a script) can forget to. NOTIFY is delivered at commit,
-- to every listening connection of this database, in commit order; a rolled-back change
-- announces nothing.
--
-- Payloads: 's:<session id>' (that session may have ended) and 'u:<user id>' (that user's
-- row changed: KYC status, role, confirmation, password...). Listeners drop what they cached.
CREATE FUNCTION auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', 's:' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A request's touch only moves last_seen_at forward, at most once a minute per session: it
-- must not empty every process's cache. Anything else that could make the session unusable
-- (ended, expiry moved, last seen moved back, another owner or token) is announced. The WHEN
-- clause keeps the touch free of any trigger call.
CREATE TRIGGER sessions_auth_notify AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (
    OLD.ended_at IS DISTINCT FROM NEW.ended_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR NEW.last_seen_at < OLD.last_seen_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
  )
  EXECUTE FUNCTION auth_notify_session();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION auth_notify_session();
--> statement-breakpoint
CREATE FUNCTION auth_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', 'u:' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Any real change of a user row: the cached row is the whole row (the guards read role, KYC
-- status and confirmation; a password change compares against the hash).
CREATE TRIGGER users_auth_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION auth_notify_user();
--> statement-breakpoint
CREATE TRIGGER users_auth_notify_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_notify_user();

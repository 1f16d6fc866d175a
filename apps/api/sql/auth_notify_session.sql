-- Every API process caches sessions and the user fields its guards read. Whatever changes
-- them announces it on the channel `auth_changes`, from the database itself, so that no code
-- path (a service, a back-office fix, a script) can forget to. NOTIFY is delivered at commit,
-- to every listening connection of this database, in commit order; a rolled-back change
-- announces nothing.
--
-- Payloads: 's:<session id>' (that session may have ended) and 'u:<user id>' (that user's
-- row changed: KYC status, role, confirmation, password...). Listeners drop what they cached.
CREATE OR REPLACE FUNCTION auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', 's:' || OLD.id::text);
  RETURN NULL;
END
$$;

-- A request's touch only moves last_seen_at forward, at most once a minute per session: it
-- must not empty every process's cache. Anything else that could make the session unusable
-- (ended, expiry moved, last seen moved back, another owner or token) is announced. The WHEN
-- clause keeps the touch free of any trigger call.
CREATE OR REPLACE TRIGGER sessions_auth_notify AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (
    OLD.ended_at IS DISTINCT FROM NEW.ended_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR NEW.last_seen_at < OLD.last_seen_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
  )
  EXECUTE FUNCTION auth_notify_session();

CREATE OR REPLACE TRIGGER sessions_auth_notify_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION auth_notify_session();

-- A skipped auto-save period (a short balance or the monthly cap reached) is notified once,
-- owed by its run row in the operation's transaction (the cap: once a month). The message says why; the mail (and any
-- other reader of the outbox) words it from the reason.
CREATE OR REPLACE FUNCTION outbox_owe_auto_save_skip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A cap holds until the month ends: a daily auto-save would skip, and tell, every day left.
  -- Its first skip in a calendar month (UTC) tells; the later ones are only in the runs list.
  IF NEW.reason = 'cap' AND EXISTS (
       SELECT 1 FROM gae_auto_save_runs r
        WHERE r.plan_id = NEW.plan_id AND r.reason = 'cap' AND r.id <> NEW.id
          AND r.created_at >= date_trunc('month', NEW.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
          AND r.created_at < NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF NEW.outcome = 'skipped' THEN
    PERFORM outbox_owe('gae.auto-save-skipped', 'gae.auto-save-skipped:' || NEW.plan_id || ':' || NEW.period,
                       jsonb_build_object('planId', NEW.plan_id, 'period', NEW.period,
                                          'frequency', NEW.frequency, 'reason', coalesce(NEW.reason, 'balance'),
                                          -- the cap as it was then (USDT units), which a later change may lift
                                          'capUsdt', (SELECT p.auto_save_cap::text FROM gae_plans p WHERE p.id = NEW.plan_id)));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER gae_auto_save_runs_owe_mail AFTER INSERT ON gae_auto_save_runs
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_auto_save_skip();

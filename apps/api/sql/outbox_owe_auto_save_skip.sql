-- A month auto-save skipped (a short balance) is mailed once, owed by its run row.
CREATE OR REPLACE FUNCTION outbox_owe_auto_save_skip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.outcome = 'skipped' THEN
    PERFORM outbox_owe('gae.auto-save-skipped', 'gae.auto-save-skipped:' || NEW.plan_id || ':' || NEW.period,
                       jsonb_build_object('planId', NEW.plan_id, 'period', NEW.period));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER gae_auto_save_runs_owe_mail AFTER INSERT ON gae_auto_save_runs
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_auto_save_skip();

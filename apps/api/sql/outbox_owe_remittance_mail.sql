-- A remittance mails its sender and its recipient, owed by the remittance row.
CREATE OR REPLACE FUNCTION outbox_owe_remittance_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM outbox_owe('payments.remittance', 'payments.remittance:' || NEW.id, jsonb_build_object('id', NEW.id));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER remittances_owe_mail AFTER INSERT ON remittances
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_remittance_mail();

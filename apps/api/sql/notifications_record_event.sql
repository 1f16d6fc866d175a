-- Events the customer was never mailed about, recorded as in-app notifications in the
-- transaction of the change itself (docs/decisions/020-notifications.md): a USDT deposit
-- credited, a KYC decision, a staking position matured, QMGT settled on chain. The row holds
-- the event's facts (amounts in smallest units, as text; they never change afterwards) and
-- modules/notifications/notifications.rules.ts words them when the notification is read, so
-- the wording has one home. No outbox message: nothing leaves this database, so there is
-- nothing to send, retry or mark (one insert an event, in a transaction that was committing
-- anyway). The key makes an event notify once. TG_ARGV[0] names the event.
CREATE OR REPLACE FUNCTION notifications_record_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user uuid;
  v_kind text;
  v_key text;
  v_facts jsonb;
BEGIN
  IF TG_ARGV[0] = 'deposit' THEN
    v_user := NEW.user_id;
    v_kind := 'deposit';
    v_key := 'notify.deposit:' || NEW.tx_hash || ':' || NEW.log_index;
    v_facts := jsonb_build_object('event', 'deposit', 'amount', NEW.amount::text);
  ELSIF TG_ARGV[0] = 'staking' THEN
    IF NOT (NEW.status = 'matured' AND OLD.status IS DISTINCT FROM NEW.status) THEN RETURN NULL; END IF;
    v_user := NEW.user_id;
    v_kind := 'staking';
    v_key := 'notify.staking:' || NEW.id;
    v_facts := jsonb_build_object('event', 'staking', 'code', NEW.code,
                                  'amount', NEW.amount::text, 'interest', NEW.interest::text);
  ELSIF TG_ARGV[0] = 'kyc' THEN
    -- Each decision once: a customer rejected, then verified after resubmitting, hears both.
    IF NOT (NEW.kyc_status::text IN ('Verified', 'Rejected') AND OLD.kyc_status IS DISTINCT FROM NEW.kyc_status) THEN
      RETURN NULL;
    END IF;
    v_user := NEW.id;
    v_kind := 'kyc';
    v_key := 'notify.kyc:' || NEW.id || ':' || NEW.kyc_status::text || ':' || txid_current();
    v_facts := jsonb_build_object('event', 'kyc', 'status', NEW.kyc_status::text);
  ELSIF TG_ARGV[0] = 'settled' THEN
    -- QMGT minted to a customer's own address is final on chain (a purchase settled).
    IF NEW.user_id IS NULL THEN RETURN NULL; END IF;
    v_user := NEW.user_id;
    v_kind := 'purchase';
    v_key := 'notify.settled:' || NEW.id;
    v_facts := jsonb_build_object('event', 'settled', 'amount', NEW.amount::text);
  ELSE
    RAISE EXCEPTION 'notifications_record_event: unknown event %', TG_ARGV[0];
  END IF;
  INSERT INTO notifications (user_id, kind, key, facts) VALUES (v_user, v_kind, v_key, v_facts)
  ON CONFLICT (key) DO NOTHING;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER chain_deposits_notify_event AFTER INSERT ON chain_deposits
  FOR EACH ROW EXECUTE FUNCTION notifications_record_event('deposit');

CREATE OR REPLACE TRIGGER staking_positions_notify_event AFTER UPDATE OF status ON staking_positions
  FOR EACH ROW EXECUTE FUNCTION notifications_record_event('staking');

CREATE OR REPLACE TRIGGER users_notify_kyc_event AFTER UPDATE OF kyc_status ON users
  FOR EACH ROW EXECUTE FUNCTION notifications_record_event('kyc');

-- The sender settles every movement, burns of sells among them: the WHEN, tested by the
-- executor, keeps the function call for the mints that notify.
CREATE OR REPLACE TRIGGER chain_movements_notify_event AFTER UPDATE OF status ON chain_movements
  FOR EACH ROW WHEN (NEW.status = 'settled' AND OLD.status IS DISTINCT FROM NEW.status AND NEW.kind = 'mint')
  EXECUTE FUNCTION notifications_record_event('settled');

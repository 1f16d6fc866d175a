-- Events the customer was never mailed about, owed as in-app notifications in the transaction
-- of the change (modules/notifications/notifications.events.ts renders them). The payload
-- carries the event's facts (amounts as text, never a number): they do not change afterwards.
-- TG_ARGV[0] names the event.
CREATE OR REPLACE FUNCTION outbox_owe_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'deposit' THEN
    PERFORM outbox_owe('notify.deposit', 'notify.deposit:' || NEW.tx_hash || ':' || NEW.log_index,
                       jsonb_build_object('userId', NEW.user_id, 'amount', NEW.amount::text));
  ELSIF TG_ARGV[0] = 'staking' THEN
    IF NEW.status = 'matured' AND OLD.status IS DISTINCT FROM NEW.status THEN
      PERFORM outbox_owe('notify.staking', 'notify.staking:' || NEW.id,
                         jsonb_build_object('userId', NEW.user_id, 'code', NEW.code,
                                            'amount', NEW.amount::text, 'interest', NEW.interest::text));
    END IF;
  ELSIF TG_ARGV[0] = 'kyc' THEN
    -- Each decision once: a customer rejected, then verified after resubmitting, hears both.
    IF NEW.kyc_status::text IN ('Verified', 'Rejected') AND OLD.kyc_status IS DISTINCT FROM NEW.kyc_status THEN
      PERFORM outbox_owe('notify.kyc', 'notify.kyc:' || NEW.id || ':' || NEW.kyc_status::text || ':' || txid_current(),
                         jsonb_build_object('userId', NEW.id, 'status', NEW.kyc_status::text));
    END IF;
  ELSIF TG_ARGV[0] = 'settled' THEN
    -- QMGT minted to a customer's own address is final on chain (a purchase settled).
    IF NEW.status = 'settled' AND OLD.status IS DISTINCT FROM NEW.status
       AND NEW.kind = 'mint' AND NEW.user_id IS NOT NULL THEN
      PERFORM outbox_owe('notify.settled', 'notify.settled:' || NEW.id,
                         jsonb_build_object('userId', NEW.user_id, 'amount', NEW.amount::text));
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER chain_deposits_owe_notice AFTER INSERT ON chain_deposits
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_notice('deposit');

CREATE OR REPLACE TRIGGER staking_positions_owe_notice AFTER UPDATE OF status ON staking_positions
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_notice('staking');

CREATE OR REPLACE TRIGGER users_owe_kyc_notice AFTER UPDATE OF kyc_status ON users
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_notice('kyc');

-- The sender settles every movement, burns of sells among them: the WHEN, tested by the
-- executor, keeps the function call for the mints that owe a notice.
CREATE OR REPLACE TRIGGER chain_movements_owe_notice AFTER UPDATE OF status ON chain_movements
  FOR EACH ROW WHEN (NEW.status = 'settled' AND OLD.status IS DISTINCT FROM NEW.status AND NEW.kind = 'mint')
  EXECUTE FUNCTION outbox_owe_notice('settled');

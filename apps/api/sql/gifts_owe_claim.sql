-- Gift gold (decision 021): when a customer becomes verified and gifts wait for their e-mail,
-- a claim is owed in the transaction of the decision (modules/gifts claims them through the
-- outbox, and a periodic pass finds any this missed).
CREATE OR REPLACE FUNCTION gifts_owe_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kyc_status::text = 'Verified' AND OLD.kyc_status IS DISTINCT FROM NEW.kyc_status
     AND EXISTS (SELECT 1 FROM gifts WHERE status = 'waiting' AND invited_email = NEW.email) THEN
    PERFORM outbox_owe('gifts.claim', 'gifts.claim:' || NEW.id || ':' || txid_current(), jsonb_build_object('userId', NEW.id));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_owe_gift_claim AFTER UPDATE OF kyc_status ON users
  FOR EACH ROW EXECUTE FUNCTION gifts_owe_claim();

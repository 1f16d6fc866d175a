-- A request's status mail (a GAE termination, a USDAU request, a reward payout, a credited
-- payment) is owed by the status change itself, in its transaction, whichever operation (or
-- operator's UPDATE) makes it. TG_ARGV[0] is the kind, TG_ARGV[1] the statuses the customer is
-- mailed about. One key per (row, status): each status is mailed once.
CREATE OR REPLACE FUNCTION outbox_owe_status_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status) AND NEW.status = ANY (TG_ARGV[1]::text[]) THEN
    PERFORM outbox_owe(TG_ARGV[0], TG_ARGV[0] || ':' || NEW.id || ':' || NEW.status,
                       jsonb_build_object('id', NEW.id, 'status', NEW.status));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER gae_terminations_owe_mail AFTER INSERT OR UPDATE OF status ON gae_terminations
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_status_mail('gae.termination', '{requested,approved,rejected}');

CREATE OR REPLACE TRIGGER usdau_requests_owe_mail AFTER INSERT OR UPDATE OF status ON usdau_requests
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_status_mail('usdau.request', '{requested,approved,rejected}');

CREATE OR REPLACE TRIGGER reward_requests_owe_mail AFTER INSERT OR UPDATE OF status ON reward_requests
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_status_mail('referrals.reward-request', '{approved,rejected}');

CREATE OR REPLACE TRIGGER payments_owe_mail AFTER INSERT OR UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_status_mail('payments.credited', '{credited}');

-- A bank account's review decided: notified in the app only (no mail; compliance.module.ts).
CREATE OR REPLACE TRIGGER bank_accounts_owe_notice AFTER UPDATE OF status ON bank_accounts
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_status_mail('compliance.bank-account', '{verified,rejected}');

-- A physical redemption's every step: notified in the app (redemptions.module.ts).
CREATE OR REPLACE TRIGGER redemptions_owe_notice AFTER INSERT OR UPDATE OF status ON redemptions
  FOR EACH ROW EXECUTE FUNCTION outbox_owe_status_mail('redemptions.status',
    '{requested,approved,rejected,shipped,delivered,cancelled}');

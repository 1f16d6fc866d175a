-- A price tick fires the alerts it crosses, in its own transaction: an 'above' alert at or
-- under the new spot, a 'below' alert at or over it. Each UPDATE is a range of
-- price_alerts_active_idx (the cost is the alerts crossed) and is conditional on the alert not
-- having fired: two processes storing ticks at once fire an alert once (the second waits on the
-- row, reads it fired, and leaves it). Firing owes the customer's notification.
CREATE OR REPLACE FUNCTION price_alerts_fire() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fired record;
BEGIN
  FOR fired IN
    UPDATE price_alerts SET fired_at = now(), fired_price = NEW.usd_per_gram
     WHERE fired_at IS NULL AND direction = 'above' AND threshold <= NEW.usd_per_gram
    RETURNING id
  LOOP
    PERFORM outbox_owe('notify.price-alert', 'notify.price-alert:' || fired.id, jsonb_build_object('id', fired.id));
  END LOOP;
  FOR fired IN
    UPDATE price_alerts SET fired_at = now(), fired_price = NEW.usd_per_gram
     WHERE fired_at IS NULL AND direction = 'below' AND threshold >= NEW.usd_per_gram
    RETURNING id
  LOOP
    PERFORM outbox_owe('notify.price-alert', 'notify.price-alert:' || fired.id, jsonb_build_object('id', fired.id));
  END LOOP;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER price_ticks_fire_alerts AFTER INSERT ON price_ticks
  FOR EACH ROW EXECUTE FUNCTION price_alerts_fire();

-- The GES lapse, its one home: a membership lapses (its grams go to the GSA, without the bonus)
-- at its Nth missed instalment, consecutive or not, N being the contracts' GES_MISSES_TO_LAPSE,
-- which the ges module writes to platform_settings at start; the row below is the default for a
-- database no API has started on yet, and never overwrites what the API wrote.
-- money_op_ges_instalment asks it after each miss or payment.
CREATE OR REPLACE FUNCTION ges_lapses(p_missed_count int) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
  misses_to_lapse int := (SELECT value::int FROM platform_settings WHERE key = 'ges_misses_to_lapse');
BEGIN
  IF misses_to_lapse IS NULL THEN
    RAISE EXCEPTION 'platform_settings holds no ges_misses_to_lapse';
  END IF;
  RETURN p_missed_count >= misses_to_lapse;
END
$$;

INSERT INTO platform_settings (key, value) VALUES ('ges_misses_to_lapse', '3') ON CONFLICT (key) DO NOTHING;

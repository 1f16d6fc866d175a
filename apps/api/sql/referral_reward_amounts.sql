-- The referral rule, its one home: level n of a purchase that bought `p_bought` QMGT units earns
-- floor(p_bought x rate_n / 10,000), for as many levels as there are rates. The rates (basis
-- points, level 1 first) are the contracts' REFERRAL_RATES_BPS, which the referrals module
-- writes to platform_settings at start; the row below is the default for a database no API
-- has started on yet (a migrated test database), and never overwrites what the API wrote.
-- Answers the amount of each level, level 1 first (0 where the rate rounds it to nothing).
CREATE OR REPLACE FUNCTION referral_reward_amounts(p_bought numeric) RETURNS numeric[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  rates int[] := (SELECT value::int[] FROM platform_settings WHERE key = 'referral_rates_bps');
BEGIN
  IF rates IS NULL THEN
    RAISE EXCEPTION 'platform_settings holds no referral_rates_bps';
  END IF;
  -- div(): integer division, truncating; bought >= 0, so every reward is rounded DOWN. (numeric
  -- '/' would round to a limited scale first.)
  RETURN ARRAY(SELECT div(greatest(p_bought, 0) * rate, 10000) FROM unnest(rates) WITH ORDINALITY AS r(rate, lvl)
                ORDER BY lvl);
END
$$;

INSERT INTO platform_settings (key, value) VALUES ('referral_rates_bps', '{500,200,100}') ON CONFLICT (key) DO NOTHING;

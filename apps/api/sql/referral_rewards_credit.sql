CREATE OR REPLACE FUNCTION referral_rewards_credit(t transactions) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bought numeric;
  upline uuid := t.user_id;
  amounts numeric[];
  lvl int;
  reward numeric;
  lines jsonb := '[]'::jsonb;
  credits jsonb := '[]'::jsonb;
  entry uuid;
  total numeric := 0;
BEGIN
  -- Called by money_book for a purchase only (an operation type registered as earning
  -- referral rewards, paid in money): which transactions earn is decided there, once.
  bought := CASE t.asset_out::text
    WHEN 'QMGT' THEN coalesce(t.amount_out, 0) + CASE WHEN t.fee_asset::text = 'QMGT' THEN coalesce(t.fee, 0) ELSE 0 END
    WHEN 'GOLD' THEN coalesce(t.amount_out, 0) * 1000000000000
    ELSE 0 END;
  IF bought <= 0 THEN
    RETURN;
  END IF;
  -- The rule (rates, levels, rounding) is referral_reward_amounts'; here it is paid.
  amounts := referral_reward_amounts(bought);
  FOR lvl IN 1..cardinality(amounts) LOOP
    SELECT u.upline_id INTO upline FROM users u WHERE u.id = upline;
    EXIT WHEN upline IS NULL;
    reward := amounts[lvl];
    IF reward > 0 THEN
      lines := lines || jsonb_build_array(
        jsonb_build_object('owner', upline, 'purpose', 'rewards', 'asset', 'QMGT', 'amount', reward::text));
      credits := credits || jsonb_build_array(jsonb_build_object('upline', upline, 'level', lvl, 'amount', reward::text));
      total := total + reward;
    END IF;
  END LOOP;
  IF total = 0 THEN
    RETURN;
  END IF;
  entry := ledger_post('referral.reward', t.code, lines || jsonb_build_array(
    jsonb_build_object('owner', NULL, 'purpose', 'rewards_pool', 'asset', 'QMGT', 'amount', (-total)::text)));
  INSERT INTO referral_rewards (beneficiary_id, source_user_id, source_transaction_id, source_type, source_code, level,
                                purchase_usdt, amount, entry_id, vests_at, created_at)
  SELECT (c->>'upline')::uuid, t.user_id, t.id, t.type, t.code, (c->>'level')::int,
         -- USD cents as USDT units (1 USD = 1 USDT, 2 against 18 decimals).
         CASE WHEN t.asset_in::text = 'USD' THEN t.amount_in * 10000000000000000 ELSE t.amount_in END,
         (c->>'amount')::numeric, entry,
         -- To the millisecond (a CHECK holds vests_at to it): the instant the API and the
         -- screens can name, exactly the vesting days after the reward's own creation.
         date_trunc('milliseconds', t.created_at)
           + make_interval(days => (SELECT value::int FROM platform_settings WHERE key = 'reward_vesting_days')),
         date_trunc('milliseconds', t.created_at)
    FROM jsonb_array_elements(credits) AS c;
  -- The affiliates counters (affiliate_members, affiliate_volumes) gain the purchase in the same
  -- commit, for each upline the purchase rewarded: what volumeUsdt summed per call before. This
  -- transaction already holds those uplines' account locks (the rewards postings above), so two
  -- purchases reach these rows in the order the kernel locked the accounts.
  UPDATE affiliate_members a
     SET volume_usdt = a.volume_usdt + CASE WHEN t.asset_in::text = 'USD' THEN t.amount_in * 10000000000000000 ELSE t.amount_in END
    FROM jsonb_array_elements(credits) AS c
   WHERE a.upline_id = (c->>'upline')::uuid AND a.member_id = t.user_id;
  INSERT INTO affiliate_volumes (user_id, level, volume_usdt)
  SELECT (c->>'upline')::uuid, (c->>'level')::int,
         CASE WHEN t.asset_in::text = 'USD' THEN t.amount_in * 10000000000000000 ELSE t.amount_in END
    FROM jsonb_array_elements(credits) AS c
  ON CONFLICT (user_id, level) DO UPDATE SET volume_usdt = affiliate_volumes.volume_usdt + excluded.volume_usdt;
END
$$;

-- New customers with an upline join the downline of up to three customers (one a referral level:
-- as many as referral_reward_amounts has rates, from platform_settings): their member rows
-- and per-level counts are written in the registration's own transaction, so GET /affiliates
-- reads counters instead of walking and counting the tree on every call. users.upline_id is set
-- once, at registration (DESIGN.md), so an insert is the only event that changes the tree.
-- Per statement, over the inserted rows as a set: a bulk insert (an import, a test's 10,000
-- referrals) costs a few statements, not three per row.
CREATE OR REPLACE FUNCTION affiliates_on_register() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE up(member_id, joined_at, upline_id, level) AS (
    SELECT n.id, n.created_at, n.upline_id, 1 FROM registered n WHERE n.upline_id IS NOT NULL
    UNION ALL
    SELECT up.member_id, up.joined_at, u.upline_id, up.level + 1 FROM up JOIN users u ON u.id = up.upline_id
     WHERE up.level < (SELECT cardinality(value::int[]) FROM platform_settings WHERE key = 'referral_rates_bps')
       AND u.upline_id IS NOT NULL),
  members AS (
    INSERT INTO affiliate_members (upline_id, member_id, level, joined_at)
    SELECT upline_id, member_id, level, joined_at FROM up
    RETURNING upline_id, level)
  INSERT INTO affiliate_levels (user_id, level, members)
  -- In key order: two registrations (or bulk inserts) under the same uplines lock their counter
  -- rows in one order. Purchases never touch these rows (their volume is in affiliate_volumes).
  SELECT upline_id, level, count(*) FROM members GROUP BY upline_id, level ORDER BY upline_id, level
  ON CONFLICT (user_id, level) DO UPDATE SET members = affiliate_levels.members + excluded.members;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS users_affiliates_on_register ON users;

CREATE OR REPLACE TRIGGER users_affiliates_on_register AFTER INSERT ON users
  REFERENCING NEW TABLE AS registered FOR EACH STATEMENT EXECUTE FUNCTION affiliates_on_register();

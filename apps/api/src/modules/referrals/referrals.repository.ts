import { and, desc, eq, sql } from 'drizzle-orm';
import type { CursorKey } from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { keyText, olderThan } from '../../lib/keyset.js';
import {
  affiliateLevels,
  affiliateVolumes,
  referralRewardTotals,
  referralRewards,
  rewardRequests,
} from './referrals.schema.js';

export type RewardRow = typeof referralRewards.$inferSelect;
export type RewardRequestRow = typeof rewardRequests.$inferSelect;

/** One page of a customer's rewards, newest first, from the cursor (read with one row more: see cutPage). */
export async function rewardsPage(db: Db, userId: string, cursor: CursorKey | undefined, limit: number) {
  return db
    .select({ row: referralRewards, key: keyText(referralRewards.createdAt) })
    .from(referralRewards)
    .where(
      and(eq(referralRewards.beneficiaryId, userId), olderThan(referralRewards.createdAt, referralRewards.id, cursor)),
    )
    .orderBy(desc(referralRewards.createdAt), desc(referralRewards.id))
    .limit(limit);
}

/**
 * Totals by status as the customer sees them (the list above may be cut): the stored running
 * sums per status (referral_reward_totals), 'claimable' being the stored vesting total less the
 * rewards whose date has not come, a range of the (beneficiary, vests_at) index that holds one
 * vesting period of rewards, not the history. One statement: both of one snapshot.
 */
export async function rewardTotals(db: Db, userId: string, now: Date) {
  const result = await db.execute(sql`
    SELECT t.status, t.amount::text AS total FROM ${referralRewardTotals} t WHERE t.user_id = ${userId}
    UNION ALL
    SELECT 'not-vested', coalesce(sum(r.amount), 0)::text FROM ${referralRewards} r
     WHERE r.beneficiary_id = ${userId} AND r.vests_at > ${now.toISOString()}::timestamptz AND r.status = 'vesting'`);
  const stored = new Map(
    (result as unknown as { rows: { status: string; total: string }[] }).rows.map((r) => [r.status, BigInt(r.total)]),
  );
  const notVested = stored.get('not-vested') ?? 0n;
  stored.delete('not-vested');
  stored.set('claimable', (stored.get('vesting') ?? 0n) - notVested);
  stored.set('vesting', notVested);
  return stored;
}

/** The affiliates counters of a customer, per level (absent: nobody, or no purchase, at that level yet). */
export async function affiliateLevelsOf(db: Db, userId: string) {
  const rows = await db
    .select({ level: affiliateLevels.level, members: affiliateLevels.members, volumeUsdt: affiliateVolumes.volumeUsdt })
    .from(affiliateLevels)
    .leftJoin(
      affiliateVolumes,
      and(eq(affiliateVolumes.userId, affiliateLevels.userId), eq(affiliateVolumes.level, affiliateLevels.level)),
    )
    .where(eq(affiliateLevels.userId, userId));
  return new Map(rows.map((r) => [r.level, { members: r.members, volumeUsdt: BigInt(r.volumeUsdt ?? '0') }]));
}

export interface AffiliateMemberRow {
  id: string;
  username: string;
  level: number;
  joinedAt: string;
  /** joined_at as the cursor carries it (microseconds). */
  key: string;
  kycStatus: string;
  volumeUsdt: string;
}

/** What one downline query walks at most per level when it searches (see affiliateSearchPage). */
export const AFFILIATE_SEARCH_WALK = 500;

type MemberQueryRow = Record<string, unknown>;

const memberRow = (r: MemberQueryRow): AffiliateMemberRow => ({
  id: String(r.id),
  username: String(r.username),
  level: Number(r.level),
  joinedAt: new Date(r.joined_at as string | Date).toISOString(),
  key: String(r.key),
  kycStatus: String(r.kyc_status),
  volumeUsdt: String(r.volume_usdt),
});

const rowsOf = (result: unknown) => (result as { rows: MemberQueryRow[] }).rows;

/** Members of one level strictly after the cursor, when the cursor is in that level. */
const afterCursor = (level: number, cursor: CursorKey | undefined) =>
  cursor && cursor.level === level
    ? sql`AND (a.joined_at, a.member_id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;

/**
 * One page of the downline, by level then newest first, read with one row more than the page.
 * Each level is its own range scan of affiliate_members_page_idx from the cursor (only levels
 * at or after the cursor's, each at most `limit` rows), so a page costs its rows whatever the
 * downline's size. No search here (affiliateSearchPage): a filter that is "off" through a null
 * parameter (`$1 IS NULL OR name ILIKE $1`) let PostgreSQL's generic plan for the prepared
 * statement join every user by hash, a full scan of users per call.
 */
export async function affiliateMembersPage(
  db: Db,
  userId: string,
  query: { level?: number | undefined; cursor?: CursorKey | undefined; offset: number },
  limit: number,
): Promise<AffiliateMemberRow[]> {
  const from = query.cursor?.level ?? 1;
  const levels = (query.level ? [query.level] : [1, 2, 3]).filter((l) => l >= from);
  if (levels.length === 0) return [];
  // Each branch is limited on its own: the union then holds at most limit x 3 rows.
  const branch = (level: number) =>
    sql`(SELECT a.member_id AS id, u.username, a.level, a.joined_at, a.volume_usdt, u.kyc_status
        FROM affiliate_members a JOIN users u ON u.id = a.member_id
       WHERE a.upline_id = ${userId} AND a.level = ${level} ${afterCursor(level, query.cursor)}
       ORDER BY a.joined_at DESC, a.member_id DESC
       LIMIT ${limit + query.offset})`;
  const result = await db.execute(sql`SELECT p.id, p.username, p.level, p.joined_at, p.kyc_status,
      p.volume_usdt::text AS volume_usdt, ${keyText(sql`p.joined_at`)} AS key
    FROM (${sql.join(levels.map(branch), sql` UNION ALL `)}) p
    ORDER BY p.level, p.joined_at DESC, p.id DESC
    LIMIT ${limit} OFFSET ${query.offset}`);
  return rowsOf(result).map(memberRow);
}

/**
 * A search of the downline by username (case-insensitive, anywhere in the name) as a bounded
 * keyset walk: each level is walked in page order from the cursor, at most
 * AFFILIATE_SEARCH_WALK members a level per call, and the matches are kept. A walk that used
 * its budget before the page was full stops the page there and answers `resumeAt`, the last
 * member it looked at, for the next cursor: the page may then hold fewer matches than asked,
 * but no call reads more than 3 x AFFILIATE_SEARCH_WALK members, however large the downline
 * and however rare the name (a substring match has no index that keeps the downline's order).
 */
export async function affiliateSearchPage(
  db: Db,
  userId: string,
  query: { level?: number | undefined; search: string; cursor?: CursorKey | undefined; offset: number },
  limit: number,
): Promise<{ rows: AffiliateMemberRow[]; resumeAt?: AffiliateMemberRow }> {
  const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const from = query.cursor?.level ?? 1;
  const levels = (query.level ? [query.level] : [1, 2, 3]).filter((l) => l >= from);
  const need = limit + query.offset;
  const found: AffiliateMemberRow[] = [];
  for (const level of levels) {
    // The walk's matches, and its last member (to resume from) when it walked its whole budget.
    const result = await db.execute(sql`WITH walked AS (
        SELECT a.member_id, a.level, a.joined_at, a.volume_usdt,
               row_number() OVER (ORDER BY a.joined_at DESC, a.member_id DESC) AS n
          FROM (SELECT * FROM affiliate_members a
                 WHERE a.upline_id = ${userId} AND a.level = ${level} ${afterCursor(level, query.cursor)}
                 ORDER BY a.joined_at DESC, a.member_id DESC
                 LIMIT ${AFFILIATE_SEARCH_WALK}) a)
      SELECT w.member_id AS id, u.username, w.level, w.joined_at, w.volume_usdt::text AS volume_usdt, u.kyc_status,
             ${keyText(sql`w.joined_at`)} AS key, u.username ILIKE ${pattern}::text AS hit,
             w.n = ${AFFILIATE_SEARCH_WALK} AS edge
        FROM walked w JOIN users u ON u.id = w.member_id
       WHERE u.username ILIKE ${pattern}::text OR w.n = ${AFFILIATE_SEARCH_WALK}
       ORDER BY w.n`);
    const rows = rowsOf(result);
    for (const r of rows) if (r.hit === true) found.push(memberRow(r));
    if (found.length >= need) break;
    const edge = rows.find((r) => r.edge === true);
    if (edge) return { rows: found.slice(query.offset), resumeAt: memberRow(edge) };
  }
  return { rows: found.slice(query.offset, need) };
}

export async function requestById(db: Db, id: string): Promise<RewardRequestRow | undefined> {
  const [row] = await db.select().from(rewardRequests).where(eq(rewardRequests.id, id));
  return row;
}

export async function requestsOf(db: Db, userId: string): Promise<RewardRequestRow[]> {
  return db
    .select()
    .from(rewardRequests)
    .where(eq(rewardRequests.userId, userId))
    .orderBy(desc(rewardRequests.createdAt))
    .limit(200);
}

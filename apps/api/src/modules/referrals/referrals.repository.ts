import { and, desc, eq, sql } from 'drizzle-orm';
import type { CursorKey } from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { keyText, olderThan } from '../../lib/keyset.js';
import { affiliateLevels, affiliateVolumes, referralRewards, rewardRequests } from './referrals.schema.js';

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

/** Sums by status over every reward of the customer (the list above may be cut). */
export async function rewardTotals(db: Db, userId: string, now: Date) {
  const rows = await db
    .select({
      status: sql<string>`CASE WHEN ${referralRewards.status} = 'vesting' AND ${referralRewards.vestsAt} <= ${now.toISOString()}::timestamptz
        THEN 'claimable' ELSE ${referralRewards.status} END`,
      total: sql<string>`sum(${referralRewards.amount})::text`,
    })
    .from(referralRewards)
    .where(eq(referralRewards.beneficiaryId, userId))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.status, BigInt(r.total)]));
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

/**
 * One page of the downline, by level then newest first, read with one row more than the page.
 * Each level is its own range scan of affiliate_members_page_idx from the cursor (only levels
 * at or after the cursor's, each at most `limit` rows), so a page costs its rows whatever the
 * downline's size; a username search filters those scans.
 */
export async function affiliateMembersPage(
  db: Db,
  userId: string,
  query: { level?: number | undefined; search?: string | undefined; cursor?: CursorKey | undefined; offset: number },
  limit: number,
): Promise<AffiliateMemberRow[]> {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const from = query.cursor?.level ?? 1;
  const levels = (query.level ? [query.level] : [1, 2, 3]).filter((l) => l >= from);
  if (levels.length === 0) return [];
  // Each branch is limited on its own: the union then holds at most limit x 3 rows.
  const branch = (level: number) => {
    const after =
      query.cursor && query.cursor.level === level
        ? sql`AND (a.joined_at, a.member_id) < (${query.cursor.at}::timestamptz, ${query.cursor.id}::uuid)`
        : sql``;
    return sql`(SELECT a.member_id AS id, u.username, a.level, a.joined_at, a.volume_usdt, u.kyc_status
        FROM affiliate_members a JOIN users u ON u.id = a.member_id
       WHERE a.upline_id = ${userId} AND a.level = ${level} ${after}
         AND (${pattern}::text IS NULL OR u.username ILIKE ${pattern}::text)
       ORDER BY a.joined_at DESC, a.member_id DESC
       LIMIT ${limit + query.offset})`;
  };
  const result = await db.execute<{
    id: string;
    username: string;
    level: number;
    joined_at: string;
    key: string;
    kyc_status: string;
    volume_usdt: string;
  }>(sql`SELECT p.id, p.username, p.level, p.joined_at, p.kyc_status, p.volume_usdt::text AS volume_usdt,
      ${keyText(sql`p.joined_at`)} AS key
    FROM (${sql.join(levels.map(branch), sql` UNION ALL `)}) p
    ORDER BY p.level, p.joined_at DESC, p.id DESC
    LIMIT ${limit} OFFSET ${query.offset}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: String(r.id),
    username: String(r.username),
    level: Number(r.level),
    joinedAt: new Date(r.joined_at as string | Date).toISOString(),
    key: String(r.key),
    kycStatus: String(r.kyc_status),
    volumeUsdt: String(r.volume_usdt),
  }));
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

import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { referralRewards, rewardRequests } from './referrals.schema.js';

export type RewardRow = typeof referralRewards.$inferSelect;
export type RewardRequestRow = typeof rewardRequests.$inferSelect;

export async function rewardsOf(db: Db, userId: string, limit = 500): Promise<RewardRow[]> {
  return db
    .select()
    .from(referralRewards)
    .where(eq(referralRewards.beneficiaryId, userId))
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

/** Purchase volume per downline member that rewarded the caller (original rewards only, not split parts). */
export async function volumeBySource(db: Db, beneficiaryId: string, sourceIds: readonly string[]) {
  if (sourceIds.length === 0) return new Map<string, bigint>();
  const rows = await db
    .select({ source: referralRewards.sourceUserId, total: sql<string>`sum(${referralRewards.purchaseUsdt})::text` })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.beneficiaryId, beneficiaryId),
        inArray(referralRewards.sourceUserId, [...sourceIds]),
        isNull(referralRewards.splitFrom),
      ),
    )
    .groupBy(referralRewards.sourceUserId);
  return new Map(rows.map((r) => [r.source, BigInt(r.total)]));
}

export async function volumeByLevel(db: Db, beneficiaryId: string) {
  const rows = await db
    .select({ level: referralRewards.level, total: sql<string>`sum(${referralRewards.purchaseUsdt})::text` })
    .from(referralRewards)
    .where(and(eq(referralRewards.beneficiaryId, beneficiaryId), isNull(referralRewards.splitFrom)))
    .groupBy(referralRewards.level);
  return new Map(rows.map((r) => [r.level, BigInt(r.total)]));
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

/** The operator's queue: pending first (oldest first), then recent decisions. */
export async function requestQueue(db: Db, limit = 200): Promise<RewardRequestRow[]> {
  return db
    .select()
    .from(rewardRequests)
    .orderBy(sql`${rewardRequests.status} <> 'pending'`, asc(rewardRequests.createdAt))
    .limit(limit);
}

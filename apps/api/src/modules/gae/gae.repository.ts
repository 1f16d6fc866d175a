import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { CursorKey } from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { keyText, olderThan } from '../../lib/keyset.js';
import { gaeAutoSaveRuns, gaePlans, gaeTerminations, goldQuotes } from './gae.schema.js';

/* Reads and the few plain writes of the gold savings tables; money moves only in SQL operations. */

export type PlanRow = typeof gaePlans.$inferSelect;
export type TerminationRow = typeof gaeTerminations.$inferSelect;
export type GoldQuoteRow = typeof goldQuotes.$inferSelect;

/** The customer's open plan, else their latest closed one. */
export async function currentPlan(db: Db, userId: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(gaePlans)
    .where(eq(gaePlans.userId, userId))
    .orderBy(sql`${gaePlans.status} = 'terminated'`, desc(gaePlans.openedAt))
    .limit(1);
  return row;
}

export async function planOf(db: Db, userId: string, planId: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(gaePlans)
    .where(and(eq(gaePlans.id, planId), eq(gaePlans.userId, userId)));
  return row;
}

export async function insertQuote(db: Db, quote: typeof goldQuotes.$inferInsert): Promise<string> {
  const [row] = await db.insert(goldQuotes).values(quote).returning({ id: goldQuotes.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function quoteKind(db: Db, userId: string, quoteId: string) {
  const [row] = await db
    .select({ kind: goldQuotes.kind })
    .from(goldQuotes)
    .where(and(eq(goldQuotes.id, quoteId), eq(goldQuotes.userId, userId)));
  return row?.kind;
}

export async function openTermination(db: Db, planId: string): Promise<TerminationRow | undefined> {
  const [row] = await db
    .select()
    .from(gaeTerminations)
    .where(and(eq(gaeTerminations.planId, planId), eq(gaeTerminations.status, 'requested')));
  return row;
}

export async function terminationById(db: Db, id: string): Promise<TerminationRow | undefined> {
  const [row] = await db.select().from(gaeTerminations).where(eq(gaeTerminations.id, id));
  return row;
}

/** Plans by id, in one query (the operator's termination queue). */
export async function plansByIds(db: Db, ids: readonly string[]): Promise<Map<string, PlanRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(gaePlans).where(inArray(gaePlans.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Termination codes of the entries that locked or released a plan's grams (for the statement). */
export async function terminationsOfPlan(db: Db, planId: string): Promise<TerminationRow[]> {
  return db.select().from(gaeTerminations).where(eq(gaeTerminations.planId, planId));
}

/** An auto-save as stored: the schedule, its cap and its next day, or paused (no next day). */
export interface StoredAutoSave {
  amount: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  day: number | null;
  cap: string | null;
  paused: boolean;
  next: string | null;
}

/** Sets (or with null, removes) the auto-save of an active plan; the row, or none if not active. */
export async function setAutoSave(db: Db, planId: string, value: StoredAutoSave | null): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(gaePlans)
    .set({
      autoSaveAmount: value?.amount ?? null,
      autoSaveFrequency: value?.frequency ?? null,
      autoSaveDay: value?.day ?? null,
      autoSaveCap: value?.cap ?? null,
      autoSavePaused: value?.paused ?? false,
      autoSaveNext: value?.next ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(gaePlans.id, planId), eq(gaePlans.status, 'active')))
    .returning();
  return row;
}

/**
 * Active, unpaused plans whose auto-save day has come, by (next day, id) after `after`: one
 * range of gae_plans_auto_save_due per page, whatever else is stored.
 */
export async function dueAutoSaves(
  db: Db,
  today: string,
  after: { next: string; id: string } | undefined,
  limit: number,
): Promise<PlanRow[]> {
  return db
    .select()
    .from(gaePlans)
    .where(
      and(
        isNotNull(gaePlans.autoSaveNext),
        lte(gaePlans.autoSaveNext, today),
        eq(gaePlans.status, 'active'),
        eq(gaePlans.autoSavePaused, false),
        after ? sql`(${gaePlans.autoSaveNext}, ${gaePlans.id}) > (${after.next}::date, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(gaePlans.autoSaveNext), asc(gaePlans.id))
    .limit(limit);
}

export async function lastAutoSaveRun(db: Db, planId: string) {
  const [row] = await db
    .select()
    .from(gaeAutoSaveRuns)
    .where(eq(gaeAutoSaveRuns.planId, planId))
    .orderBy(desc(gaeAutoSaveRuns.createdAt), desc(gaeAutoSaveRuns.id))
    .limit(1);
  return row;
}

/** Whether the plan's period has run (bought or skipped): its guard row exists. */
export async function hasRun(db: Db, planId: string, period: string): Promise<boolean> {
  const [row] = await db
    .select({ period: gaeAutoSaveRuns.period })
    .from(gaeAutoSaveRuns)
    .where(and(eq(gaeAutoSaveRuns.planId, planId), eq(gaeAutoSaveRuns.period, period)));
  return row !== undefined;
}

/** USDT the plan's auto-save bought for in [from, to): a range of gae_auto_save_runs_plan_key_idx. */
export async function autoSaveSpent(db: Db, planId: string, from: Date, to: Date): Promise<bigint> {
  const [row] = await db
    .select({ spent: sql<string>`coalesce(sum(${gaeAutoSaveRuns.amountUsdt}), 0)::text` })
    .from(gaeAutoSaveRuns)
    .where(
      and(
        eq(gaeAutoSaveRuns.planId, planId),
        eq(gaeAutoSaveRuns.outcome, 'bought'),
        gte(gaeAutoSaveRuns.createdAt, from),
        lt(gaeAutoSaveRuns.createdAt, to),
      ),
    );
  return BigInt(row?.spent ?? '0');
}

/** The plan's runs newest first, one page from the cursor (gae_auto_save_runs_plan_key_idx). */
export async function autoSaveRunsPage(db: Db, planId: string, cursor: CursorKey | undefined, limit: number) {
  return db
    .select({ row: gaeAutoSaveRuns, key: keyText(gaeAutoSaveRuns.createdAt) })
    .from(gaeAutoSaveRuns)
    .where(and(eq(gaeAutoSaveRuns.planId, planId), olderThan(gaeAutoSaveRuns.createdAt, gaeAutoSaveRuns.id, cursor)))
    .orderBy(desc(gaeAutoSaveRuns.createdAt), desc(gaeAutoSaveRuns.id))
    .limit(limit);
}

/** A skipped period, with its customer and what it was to spend, and the plan's cap (for its message). */
export async function skippedRun(db: Db, planId: string, period: string) {
  const [row] = await db
    .select({
      userId: gaePlans.userId,
      amount: gaeAutoSaveRuns.amountUsdt,
      planAmount: gaePlans.autoSaveAmount,
      cap: gaePlans.autoSaveCap,
      frequency: gaeAutoSaveRuns.frequency,
      reason: gaeAutoSaveRuns.reason,
    })
    .from(gaeAutoSaveRuns)
    .innerJoin(gaePlans, eq(gaePlans.id, gaeAutoSaveRuns.planId))
    .where(
      and(
        eq(gaeAutoSaveRuns.planId, planId),
        eq(gaeAutoSaveRuns.period, period),
        eq(gaeAutoSaveRuns.outcome, 'skipped'),
      ),
    );
  return row;
}

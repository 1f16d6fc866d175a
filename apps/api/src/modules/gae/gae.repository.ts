import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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

export async function setAutoSave(
  db: Db,
  planId: string,
  value: { amount: string; day: number; next: string } | null,
): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(gaePlans)
    .set({
      autoSaveAmount: value?.amount ?? null,
      autoSaveDay: value?.day ?? null,
      autoSaveNext: value?.next ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(gaePlans.id, planId), eq(gaePlans.status, 'active')))
    .returning();
  return row;
}

/** Active plans whose auto-save day has come. */
export async function dueAutoSaves(db: Db, today: string, limit = 100): Promise<PlanRow[]> {
  return db
    .select()
    .from(gaePlans)
    .where(and(lte(gaePlans.autoSaveNext, today), eq(gaePlans.status, 'active')))
    .orderBy(asc(gaePlans.autoSaveNext))
    .limit(limit);
}

export async function lastAutoSaveRun(db: Db, planId: string) {
  const [row] = await db
    .select()
    .from(gaeAutoSaveRuns)
    .where(eq(gaeAutoSaveRuns.planId, planId))
    .orderBy(desc(gaeAutoSaveRuns.period))
    .limit(1);
  return row;
}

/** A skipped month, with its customer and the plan's monthly amount (for its mail). */
export async function skippedRun(db: Db, planId: string, period: string) {
  const [row] = await db
    .select({ userId: gaePlans.userId, amount: gaePlans.autoSaveAmount })
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

import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { CursorKey } from '@qmgt/contracts';
import { audit, type AuditRecord } from '../../lib/audit.js';
import { keyText, olderThan } from '../../lib/keyset.js';
import { gesDocuments, gesGroups, gesInstalments, gesMemberships, gesQuotes } from './ges.schema.js';

/* Reads and the plain writes of the group savings tables; money moves only in SQL operations. */

export type GroupRow = typeof gesGroups.$inferSelect;
export type DocumentRow = typeof gesDocuments.$inferSelect;
export type MembershipRow = typeof gesMemberships.$inferSelect;
export type InstalmentRow = typeof gesInstalments.$inferSelect;
type Agreement = { title: string; body: string; sha256: string };

export async function groupById(db: Db, id: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(gesGroups).where(eq(gesGroups.id, id));
  return row;
}

/**
 * The maturity bonus of `heldGrams` over `paidCount` paid instalments, as ges_close pays it: the
 * rule's one home is ges_bonus_grams.sql, so the passbook's projection asks it rather than
 * computing a second copy.
 */
export async function projectedBonusGrams(
  db: Db,
  holding: { grams: bigint; paidCount: number },
  bonusInstalments: number,
): Promise<bigint> {
  const result = await db.execute(
    sql`SELECT ges_bonus_grams(${holding.grams.toString()}::numeric, ${holding.paidCount}::int, ${bonusInstalments}::int)::text AS bonus`,
  );
  return BigInt((result as unknown as { rows: { bonus: string }[] }).rows[0]!.bonus);
}

/** Open groups and the groups the user belongs to, newest first. */
export async function groupsFor(db: Db, userId: string): Promise<GroupRow[]> {
  return db
    .select()
    .from(gesGroups)
    .where(
      or(
        eq(gesGroups.status, 'open'),
        sql`${gesGroups.id} IN (SELECT group_id FROM ges_memberships WHERE user_id = ${userId})`,
      ),
    )
    .orderBy(desc(gesGroups.createdAt));
}

/** A page of every group, newest first, from the cursor (keyset, decision 017); `limit` rows at most. */
export async function groupsPage(db: Db, cursor: CursorKey | undefined, limit: number) {
  return db
    .select({ group: gesGroups, key: keyText(gesGroups.createdAt) })
    .from(gesGroups)
    .where(olderThan(gesGroups.createdAt, gesGroups.id, cursor))
    .orderBy(desc(gesGroups.createdAt), desc(gesGroups.id))
    .limit(limit);
}

export async function documentById(db: Db, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(gesDocuments).where(eq(gesDocuments.id, id));
  return row;
}

export async function documentsByIds(db: Db, ids: string[]): Promise<Map<string, DocumentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(gesDocuments).where(inArray(gesDocuments.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function membershipsOf(db: Db, userId: string, groupIds: string[]): Promise<Map<string, MembershipRow>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(gesMemberships)
    .where(and(eq(gesMemberships.userId, userId), inArray(gesMemberships.groupId, groupIds)));
  return new Map(rows.map((r) => [r.groupId, r]));
}

export async function membershipById(db: Db, id: string): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(gesMemberships).where(eq(gesMemberships.id, id));
  return row;
}

export async function passbook(db: Db, membershipId: string): Promise<InstalmentRow[]> {
  return db
    .select()
    .from(gesInstalments)
    .where(eq(gesInstalments.membershipId, membershipId))
    .orderBy(asc(gesInstalments.seq));
}

export async function instalment(db: Db, membershipId: string, seq: number): Promise<InstalmentRow | undefined> {
  const [row] = await db
    .select()
    .from(gesInstalments)
    .where(and(eq(gesInstalments.membershipId, membershipId), eq(gesInstalments.seq, seq)));
  return row;
}

/** Active memberships whose next instalment is due on or before `today`. */
export async function dueMemberships(db: Db, today: string, limit = 500) {
  return db
    .select({ membership: gesMemberships, group: gesGroups })
    .from(gesMemberships)
    .innerJoin(gesGroups, eq(gesGroups.id, gesMemberships.groupId))
    .where(and(eq(gesMemberships.status, 'active'), lte(gesMemberships.nextDueOn, today)))
    .orderBy(asc(gesMemberships.nextDueOn), asc(gesMemberships.id))
    .limit(limit);
}

export async function insertQuote(db: Db, quote: typeof gesQuotes.$inferInsert): Promise<string> {
  const [row] = await db.insert(gesQuotes).values(quote).returning({ id: gesQuotes.id });
  return row!.id;
}

/**
 * A new group, a draft, with its first agreement when one is given; the audit row is written
 * in the same transaction, so no change goes unrecorded.
 */
export async function createGroup(
  db: Db,
  group: Omit<typeof gesGroups.$inferInsert, 'currentDocumentId' | 'status'>,
  agreement: Agreement | null,
  record: (created: GroupRow, doc: DocumentRow | undefined) => AuditRecord,
): Promise<GroupRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(gesGroups).values(group).returning();
    let row = created!;
    let doc: DocumentRow | undefined;
    if (agreement) {
      [doc] = await tx
        .insert(gesDocuments)
        .values({ groupId: row.id, version: 1, ...agreement })
        .returning();
      const [updated] = await tx
        .update(gesGroups)
        .set({ currentDocumentId: doc!.id })
        .where(eq(gesGroups.id, row.id))
        .returning();
      row = updated!;
    }
    await audit(tx, record(row, doc));
    return row;
  });
}

/** A new agreement version becomes the group's current one (members keep the one they accepted). */
export async function addAgreement(
  db: Db,
  groupId: string,
  agreement: Agreement,
  record: (doc: DocumentRow) => AuditRecord,
) {
  return db.transaction(async (tx) => {
    // The group row is locked so that two new versions get two numbers.
    await tx.execute(sql`SELECT id FROM ges_groups WHERE id = ${groupId} FOR UPDATE`);
    const [last] = await tx
      .select({ version: gesDocuments.version })
      .from(gesDocuments)
      .where(eq(gesDocuments.groupId, groupId))
      .orderBy(desc(gesDocuments.version))
      .limit(1);
    const [doc] = await tx
      .insert(gesDocuments)
      .values({ groupId, version: (last?.version ?? 0) + 1, ...agreement })
      .returning();
    await tx
      .update(gesGroups)
      .set({ currentDocumentId: doc!.id, updatedAt: new Date() })
      .where(eq(gesGroups.id, groupId));
    await audit(tx, record(doc!));
    return doc!;
  });
}

/**
 * Moves a group from one of `from` to `to`, with its audit row in the same transaction;
 * undefined when the group was not in one of `from` (another operator got there first).
 */
export async function changeStatus(
  db: Db,
  groupId: string,
  from: readonly GroupRow['status'][],
  to: GroupRow['status'],
  record: (group: GroupRow) => AuditRecord,
): Promise<GroupRow | undefined> {
  return db.transaction(async (tx: Tx) => {
    const [row] = await tx
      .update(gesGroups)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(gesGroups.id, groupId), inArray(gesGroups.status, [...from])))
      .returning();
    if (row) await audit(tx, record(row));
    return row;
  });
}

/** The columns an edit of the terms may set. */
export type TermColumns = Partial<
  Pick<GroupRow, 'name' | 'instalmentUsdt' | 'termMonths' | 'memberCap' | 'startDate' | 'bonusInstalments'>
>;

/**
 * Changes a group's terms with its audit row, in one transaction. The group row is locked
 * first, as ges_join locks it, so no member can join between `decide` seeing no members and
 * the change (a join waits for the commit, then meets the new terms). `decide` gets the locked
 * row and its members count and answers the columns to set with the audit row, or null when
 * nothing differs (nothing written), or throws to refuse (rolled back: nothing written).
 * Undefined when there is no such group.
 */
export async function changeTerms(
  db: Db,
  groupId: string,
  decide: (locked: GroupRow, members: number) => { set: TermColumns; record: AuditRecord } | null,
): Promise<GroupRow | undefined> {
  return db.transaction(async (tx: Tx) => {
    const [locked] = await tx.select().from(gesGroups).where(eq(gesGroups.id, groupId)).for('update');
    if (!locked) return undefined;
    const change = decide(locked, locked.memberCount);
    if (!change) return locked;
    const [row] = await tx
      .update(gesGroups)
      .set({ ...change.set, updatedAt: new Date() })
      .where(eq(gesGroups.id, groupId))
      .returning();
    await audit(tx, change.record);
    return row!;
  });
}

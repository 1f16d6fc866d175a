import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminApplicantQueue, CursorKey } from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import { keyText, olderThan } from '../../lib/keyset.js';
import { auditLog } from '../../lib/audit.schema.js';
import { kycApplicants, kycPersonalInfo, kycWebhookEvents } from './kyc.schema.js';

type Queryable = Db | Tx;
export type ApplicantRow = typeof kycApplicants.$inferSelect;
export type PersonalInfoRow = typeof kycPersonalInfo.$inferSelect;

export async function findApplicantByUser(db: Queryable, userId: string): Promise<ApplicantRow | undefined> {
  const [row] = await db.select().from(kycApplicants).where(eq(kycApplicants.userId, userId)).limit(1);
  return row;
}

export async function findApplicantById(db: Queryable, id: string): Promise<ApplicantRow | undefined> {
  const [row] = await db.select().from(kycApplicants).where(eq(kycApplicants.id, id)).limit(1);
  return row;
}

export async function upsertApplicant(
  db: Queryable,
  row: { userId: string; provider: ApplicantRow['provider']; providerApplicantId: string; levelName: string },
): Promise<ApplicantRow> {
  await db.insert(kycApplicants).values(row).onConflictDoNothing({ target: kycApplicants.userId });
  const found = await findApplicantByUser(db, row.userId);
  if (!found) throw new Error('applicant upsert lost its row');
  return found;
}

/** The applicant a webhook is about, locked for the rest of the transaction. */
export async function lockApplicantForEvent(
  tx: Tx,
  provider: ApplicantRow['provider'],
  providerApplicantId: string | undefined,
  externalUserId: string | undefined,
): Promise<ApplicantRow | undefined> {
  if (providerApplicantId) {
    const [row] = await tx
      .select()
      .from(kycApplicants)
      .where(and(eq(kycApplicants.provider, provider), eq(kycApplicants.providerApplicantId, providerApplicantId)))
      .for('update')
      .limit(1);
    if (row) return row;
  }
  if (externalUserId && /^[0-9a-f-]{36}$/i.test(externalUserId)) {
    const [row] = await tx
      .select()
      .from(kycApplicants)
      .where(eq(kycApplicants.userId, externalUserId))
      .for('update')
      .limit(1);
    return row;
  }
  return undefined;
}

export async function updateApplicant(
  tx: Queryable,
  id: string,
  patch: Partial<typeof kycApplicants.$inferInsert>,
): Promise<void> {
  await tx
    .update(kycApplicants)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(kycApplicants.id, id));
}

/** Records a webhook once: undefined when the same payload was received before. */
export async function recordWebhookEvent(
  tx: Queryable,
  row: {
    provider: ApplicantRow['provider'];
    payloadDigest: string;
    type: string;
    providerApplicantId: string | null;
    eventCreatedAt: Date | null;
  },
): Promise<string | undefined> {
  const [inserted] = await tx
    .insert(kycWebhookEvents)
    .values({ ...row, outcome: 'received' })
    .onConflictDoNothing()
    .returning({ id: kycWebhookEvents.id });
  return inserted?.id;
}

export async function setWebhookOutcome(tx: Queryable, id: string, outcome: string): Promise<void> {
  await tx.update(kycWebhookEvents).set({ outcome }).where(eq(kycWebhookEvents.id, id));
}

export async function countWebhookEvents(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(kycWebhookEvents);
  return row?.n ?? 0;
}

export async function findPersonalInfo(db: Queryable, userId: string): Promise<PersonalInfoRow | undefined> {
  const [row] = await db.select().from(kycPersonalInfo).where(eq(kycPersonalInfo.userId, userId)).limit(1);
  return row;
}

/** The forms of several users at once (one query), by user id; absent: none saved. */
export async function personalForms(db: Queryable, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, Record<string, string>>();
  const rows = await db
    .select({ userId: kycPersonalInfo.userId, form: kycPersonalInfo.form })
    .from(kycPersonalInfo)
    .where(inArray(kycPersonalInfo.userId, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.userId, (r.form ?? {}) as Record<string, string>]));
}

export async function savePersonalInfo(
  db: Queryable,
  userId: string,
  patch: {
    form?: Record<string, string>;
    currentStep?: number;
    profilePictureId?: string;
    submittedAt?: Date;
    documentFields?: string[];
  },
): Promise<PersonalInfoRow> {
  const [row] = await db
    .insert(kycPersonalInfo)
    .values({
      userId,
      form: patch.form ?? {},
      currentStep: patch.currentStep ?? 0,
      profilePictureId: patch.profilePictureId,
      submittedAt: patch.submittedAt,
      documentFields: patch.documentFields ?? [],
    })
    .onConflictDoUpdate({ target: kycPersonalInfo.userId, set: { ...patch, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/**
 * Back office: one page of a queue with each applicant's form and submission time, latest
 * change first, read with one row more than the page (see cutPage); kyc_applicants_queue_idx
 * (or _updated_idx for every queue) serves it from the cursor.
 */
export async function applicantsPage(
  db: Queryable,
  query: { queue: AdminApplicantQueue; cursor?: CursorKey | undefined },
  limit: number,
) {
  return db
    .select({
      applicant: kycApplicants,
      key: keyText(kycApplicants.updatedAt),
      submittedAt: kycPersonalInfo.submittedAt,
      form: kycPersonalInfo.form,
    })
    .from(kycApplicants)
    .leftJoin(kycPersonalInfo, eq(kycPersonalInfo.userId, kycApplicants.userId))
    .where(
      and(
        query.queue === 'all' ? undefined : eq(kycApplicants.queue, query.queue),
        olderThan(kycApplicants.updatedAt, kycApplicants.id, query.cursor),
      ),
    )
    .orderBy(desc(kycApplicants.updatedAt), desc(kycApplicants.id))
    .limit(limit);
}

/** Review decisions about these users, from the audit log (the actor by id). */
export async function reviewDecisions(db: Queryable, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      subjectId: auditLog.subjectId,
      action: auditLog.action,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
    })
    .from(auditLog)
    .where(and(inArray(auditLog.subjectId, userIds), inArray(auditLog.action, ['kyc.reviewed', 'kyc.status_changed'])))
    .orderBy(desc(auditLog.createdAt));
}

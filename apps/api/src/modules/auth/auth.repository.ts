import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { linkTokens, sessions } from './auth.schema.js';

type Queryable = Db | Tx;
export type SessionRow = typeof sessions.$inferSelect;
export type LinkTokenPurpose = (typeof linkTokens.$inferSelect)['purpose'];
export type SessionEndReason = NonNullable<SessionRow['endReason']>;

export async function insertSession(
  db: Queryable,
  row: {
    userId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<SessionRow> {
  const [created] = await db
    .insert(sessions)
    .values({ ...row, lastSeenAt: row.createdAt })
    .returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

/**
 * The conditions of a usable session at `now`. `seenInProcess`: a later request this process
 * served on it but has not written yet (last_seen_at is written at most once a minute), so
 * the idle limit counts from the session's real last use, never from an older write.
 */
function usable(tokenHash: string, now: Date, idleCutoff: Date, seenInProcess: Date | undefined) {
  const notIdle = seenInProcess
    ? sql`greatest(${sessions.lastSeenAt}, ${seenInProcess.toISOString()}::timestamptz) > ${idleCutoff.toISOString()}::timestamptz`
    : gt(sessions.lastSeenAt, idleCutoff);
  return and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt), gt(sessions.expiresAt, now), notIdle);
}

/**
 * Finds a live session by token hash and marks it seen, in one statement: a session that
 * went idle or expired cannot be revived by a request racing its expiry. last_seen_at never
 * moves back here (a process whose clock lags another's): moving back is a change the
 * trigger announces to every process.
 */
export async function touchActiveSession(
  db: Queryable,
  tokenHash: string,
  now: Date,
  idleCutoff: Date,
  seenInProcess?: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
    .where(usable(tokenHash, now, idleCutoff, seenInProcess))
    .returning();
  return row;
}

/** The same check without the write: re-reading a cached session whose touch is not due. */
export async function findActiveSession(
  db: Queryable,
  tokenHash: string,
  now: Date,
  idleCutoff: Date,
  seenInProcess?: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(usable(tokenHash, now, idleCutoff, seenInProcess))
    .limit(1);
  return row;
}

/**
 * A session that is still usable at `now`, found by id and left untouched. The caller's
 * `idleCutoff` allows for last_seen_at being written at most once a minute (decision 006).
 */
export async function findLiveSession(
  db: Queryable,
  sessionId: string,
  now: Date,
  idleCutoff: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    )
    .limit(1);
  return row;
}

export async function endSession(db: Queryable, sessionId: string, reason: SessionEndReason, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

export async function endUserSessions(
  db: Queryable,
  userId: string,
  reason: SessionEndReason,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

export async function insertLinkToken(
  db: Queryable,
  row: { userId: string; purpose: LinkTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(linkTokens).values(row);
}

/** Older unused links of the same purpose stop working when a new one is issued or one is used. */
export async function revokeLinkTokens(
  db: Queryable,
  userId: string,
  purpose: LinkTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(linkTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(linkTokens.userId, userId),
        eq(linkTokens.purpose, purpose),
        isNull(linkTokens.usedAt),
        isNull(linkTokens.revokedAt),
      ),
    );
}

/** Whose link this was, used, expired or not: for saying why a spent link does nothing. */
export async function linkTokenOwner(
  db: Queryable,
  tokenHash: string,
  purpose: LinkTokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: linkTokens.userId })
    .from(linkTokens)
    .where(and(eq(linkTokens.tokenHash, tokenHash), eq(linkTokens.purpose, purpose)));
  return row?.userId;
}

/** Spends a link token: at most one caller ever gets its user id back. */
export async function consumeLinkToken(
  db: Queryable,
  tokenHash: string,
  purpose: LinkTokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(linkTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(linkTokens.tokenHash, tokenHash),
        eq(linkTokens.purpose, purpose),
        isNull(linkTokens.usedAt),
        isNull(linkTokens.revokedAt),
        gt(linkTokens.expiresAt, now),
      ),
    )
    .returning({ userId: linkTokens.userId });
  return row?.userId;
}

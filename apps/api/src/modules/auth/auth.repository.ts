import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { linkTokens, sessions } from '../../db/schema.js';

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
 * Finds a live session by token hash and marks it seen, in one statement: a session that
 * went idle or expired cannot be revived by a request racing its expiry.
 */
export async function touchActiveSession(
  db: Queryable,
  tokenHash: string,
  now: Date,
  idleCutoff: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    )
    .returning();
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

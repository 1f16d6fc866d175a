/** Pure rules of accounts and sessions: no database, no clock of their own. */

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** A session ends this long after sign-in, however active it is. */
export function sessionExpiry(createdAt: Date, policy: SessionPolicy): Date {
  return new Date(createdAt.getTime() + policy.absoluteMs);
}

/**
 * The oldest last-seen time a session may have and still be used at `now`. The session
 * query compares against it in the same statement that marks the session seen.
 */
export function idleCutoff(now: Date, policy: SessionPolicy): Date {
  return new Date(now.getTime() - policy.idleMs);
}

/** Sign in accepts an e-mail or a username; an @ tells them apart (usernames cannot hold one). */
export function identifierKind(identifier: string): 'email' | 'username' {
  return identifier.includes('@') ? 'email' : 'username';
}

export function linkTokenExpiry(now: Date, ttlMs: number): Date {
  return new Date(now.getTime() + ttlMs);
}

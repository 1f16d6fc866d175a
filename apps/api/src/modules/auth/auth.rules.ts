/** Pure rules of accounts and sessions: no database, no clock of their own. */

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
}

/** A session is usable while not ended, within its absolute lifetime and not idle too long. */
export function isSessionActive(session: SessionTimes, now: Date, policy: SessionPolicy): boolean {
  if (session.endedAt) return false;
  if (now.getTime() >= session.expiresAt.getTime()) return false;
  return now.getTime() - session.lastSeenAt.getTime() < policy.idleMs;
}

export function sessionExpiry(createdAt: Date, policy: SessionPolicy): Date {
  return new Date(createdAt.getTime() + policy.absoluteMs);
}

/** The oldest last-seen time a session may have and still be used at `now`. */
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

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

/** last_seen_at is written at most this often per session; in between, the process counts. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** What an API process remembers of a session it has checked against the database (ms since epoch). */
export interface RememberedSession {
  expiresAt: number;
  /** The latest request this process served on it: the idle clock. */
  lastSeenAt: number;
  /** The last_seen_at this process last wrote (or read back). */
  lastWrittenAt: number;
}

/**
 * What to do with a request on a remembered session, at `at`:
 * - `refuse`: past its absolute expiry. Exact: nothing can move expires_at without announcing it.
 * - `touch`: write last_seen_at and check the row; due once a minute, and whenever the session
 *   looks idle here, since another process may have served it more recently.
 * - `use`: answer from memory; no database.
 * Idle is `lastSeenAt <= at - idle`, expiry `at >= expiresAt`: the same bounds as the SQL.
 */
export function rememberedSessionVerdict(
  session: RememberedSession,
  at: number,
  policy: SessionPolicy,
  touchIntervalMs = SESSION_TOUCH_INTERVAL_MS,
): 'refuse' | 'touch' | 'use' {
  if (at >= session.expiresAt) return 'refuse';
  if (session.lastSeenAt <= at - policy.idleMs) return 'touch';
  // A clock that went back is not trusted to say the touch is not yet due.
  if (at - session.lastWrittenAt >= touchIntervalMs || at < session.lastWrittenAt) return 'touch';
  return 'use';
}

export interface CacheTrustPolicy {
  /** With the change listener live: the longest a remembered session goes unchecked anyway. */
  liveTtlMs: number;
  /** With it down (changes may be missed): nothing older than this is believed. */
  degradedTtlMs: number;
}

export const DEFAULT_CACHE_TRUST: CacheTrustPolicy = { liveTtlMs: SESSION_TOUCH_INTERVAL_MS, degradedTtlMs: 1_000 };

/** Whether what was read from the database `ageMs` ago may still be believed without asking again. */
export function rememberedSessionTrusted(ageMs: number, listenerLive: boolean, policy = DEFAULT_CACHE_TRUST): boolean {
  return ageMs >= 0 && ageMs < (listenerLive ? policy.liveTtlMs : policy.degradedTtlMs);
}

/** Sign in accepts an e-mail or a username; an @ tells them apart (usernames cannot hold one). */
export function identifierKind(identifier: string): 'email' | 'username' {
  return identifier.includes('@') ? 'email' : 'username';
}

export function linkTokenExpiry(now: Date, ttlMs: number): Date {
  return new Date(now.getTime() + ttlMs);
}

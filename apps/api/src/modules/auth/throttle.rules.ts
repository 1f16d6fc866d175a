/**
 * Per-account sign-in throttle: pure rules, no store and no clock of their own.
 *
 * The per-address rate limit stops one machine; this stops many machines guessing one
 * account's password. Every sign-in attempt is counted before the password is checked (so
 * parallel attempts cannot slip past the count) and forgiven by a success. A few mistakes
 * cost nothing; then each further attempt must wait longer (1 s, 2 s, 4 s, ...); attempts
 * made during that wait are refused unchecked but still counted; at `lockAfter` the account
 * is locked for `lockMs`. After a lock, every further failure within the window locks again,
 * so a patient attacker gets one guess per lock period.
 */

export interface ThrottlePolicy {
  /** Attempts that cost no wait. */
  freeAttempts: number;
  /** The first wait; it doubles with every further attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Counted attempts (failures) that lock the account. */
  lockAfter: number;
  lockMs: number;
  /** A count this old (since the last attempt) is forgotten. */
  forgetAfterMs: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  freeAttempts: 3,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  lockAfter: 10,
  lockMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

export interface ThrottleState {
  /** Attempts that have not been forgiven by a success. */
  attempts: number;
  lastAttemptAt: number;
  /** No attempt is checked before this instant. */
  nextAttemptAt: number;
  /** Locked until this instant, if locked. */
  lockedUntil: number | null;
}

export type ThrottleDecision =
  | {
      /** Check the password; a failure leaves `next` standing, a success forgets it. */
      outcome: 'check';
      next: ThrottleState;
      /** This attempt reached the lock: if the password is wrong, mail the owner (once per window). */
      locksOnFailure: boolean;
    }
  | {
      outcome: 'delayed' | 'locked';
      /** The state to store (a refused attempt still counts); undefined leaves it as it is. */
      next: ThrottleState | undefined;
      retryAfterMs: number;
      /** This very attempt locked the account: mail the owner. */
      lockedNow: boolean;
    };

/** The wait after the n-th counted attempt. */
export function delayAfter(attempts: number, policy: ThrottlePolicy): number {
  if (attempts <= policy.freeAttempts) return 0;
  const doublings = Math.min(attempts - policy.freeAttempts - 1, 30);
  return Math.min(policy.baseDelayMs * 2 ** doublings, policy.maxDelayMs);
}

/** What to do with a sign-in attempt at `now` given the account's stored state. */
export function decideAttempt(
  stored: ThrottleState | undefined,
  now: number,
  policy: ThrottlePolicy,
): ThrottleDecision {
  const state = stored && now - stored.lastAttemptAt < policy.forgetAfterMs ? stored : undefined;
  if (state?.lockedUntil !== null && state?.lockedUntil !== undefined && now < state.lockedUntil) {
    // Not counted: an attacker cannot stretch a lock by knocking on it.
    return { outcome: 'locked', next: undefined, retryAfterMs: state.lockedUntil - now, lockedNow: false };
  }
  const attempts = (state?.attempts ?? 0) + 1;
  const reachesLock = attempts >= policy.lockAfter;
  // Mailed once per window: at the attempt that first reaches the threshold, not at re-locks.
  const firstLock = attempts === policy.lockAfter;
  const lockedUntil = reachesLock ? now + policy.lockMs : null;

  if (state && now < state.nextAttemptAt) {
    const next = { ...state, attempts, lastAttemptAt: now, lockedUntil };
    if (reachesLock) return { outcome: 'locked', next, retryAfterMs: policy.lockMs, lockedNow: firstLock };
    return { outcome: 'delayed', next, retryAfterMs: state.nextAttemptAt - now, lockedNow: false };
  }
  return {
    outcome: 'check',
    next: { attempts, lastAttemptAt: now, nextAttemptAt: now + delayAfter(attempts, policy), lockedUntil },
    locksOnFailure: firstLock,
  };
}

export function parseThrottleState(raw: string | undefined): ThrottleState | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<ThrottleState>;
    if (typeof value.attempts !== 'number' || typeof value.lastAttemptAt !== 'number') return undefined;
    return {
      attempts: value.attempts,
      lastAttemptAt: value.lastAttemptAt,
      nextAttemptAt: typeof value.nextAttemptAt === 'number' ? value.nextAttemptAt : 0,
      lockedUntil: typeof value.lockedUntil === 'number' ? value.lockedUntil : null,
    };
  } catch {
    return undefined;
  }
}

import type { SharedStore } from '../../lib/shared-store.js';
import { decideAttempt, parseThrottleState, type ThrottleDecision, type ThrottlePolicy } from './throttle.rules.js';

/** Tries of the compare-and-set loop; each failed try means another attempt was counted meanwhile. */
const MAX_TRIES = 50;

/**
 * The throttle rules over the shared store: every process counts the same attempts. The
 * decision and its write are one compare-and-set, so concurrent attempts on one account are
 * each counted (and each sees the others' count) wherever they run.
 */
export function createSignInThrottle(deps: { store: SharedStore; policy: ThrottlePolicy; now: () => Date }) {
  const ttl = deps.policy.forgetAfterMs;
  return {
    async attempt(key: string): Promise<ThrottleDecision> {
      for (let i = 0; i < MAX_TRIES; i++) {
        const raw = await deps.store.get(key);
        const decision = decideAttempt(parseThrottleState(raw), deps.now().getTime(), deps.policy);
        if (!decision.next) return decision;
        if (await deps.store.compareAndSet(key, raw, JSON.stringify(decision.next), ttl)) return decision;
      }
      // Fifty writers racing on one account is an attack in progress: refuse this one unchecked.
      return { outcome: 'delayed', next: undefined, retryAfterMs: deps.policy.baseDelayMs, lockedNow: false };
    },

    /** A success (or a password reset) forgives the count. */
    async forgive(key: string): Promise<void> {
      await deps.store.delete(key);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

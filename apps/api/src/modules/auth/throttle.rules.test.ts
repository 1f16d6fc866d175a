import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THROTTLE_POLICY as policy,
  decideAttempt,
  delayAfter,
  parseThrottleState,
  type ThrottleState,
} from './throttle.rules.js';

const MIN = 60_000;

/** Plays attempts at the given instants, storing what each decision says to store. */
function play(instants: number[], start?: ThrottleState) {
  let state = start;
  return instants.map((at) => {
    const decision = decideAttempt(state, at, policy);
    if (decision.next) state = decision.next;
    return { decision, state };
  });
}

describe('sign-in throttle', () => {
  it('lets the first few mistakes through at once', () => {
    const outcomes = play([0, 1, 2]).map((r) => r.decision.outcome);
    expect(outcomes).toEqual(['check', 'check', 'check']);
  });

  it('then makes each further attempt wait twice as long', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => delayAfter(n, policy))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000,
    ]);
    expect(delayAfter(40, policy)).toBe(policy.maxDelayMs);
  });

  it('refuses an attempt during the wait without checking it, and counts it', () => {
    const [, , , fourth, early] = play([0, 1, 2, 3, 500]);
    expect(fourth?.decision.outcome).toBe('check');
    expect(early?.decision).toMatchObject({ outcome: 'delayed', retryAfterMs: 503 });
    expect(early?.state?.attempts).toBe(5);
  });

  it('locks after ten attempts however fast they come, and says so once', () => {
    const results = play(Array.from({ length: 100 }, (_, i) => i));
    const locked = results.findIndex((r) => r.decision.outcome === 'locked');
    expect(locked).toBe(9);
    expect(results[9]?.decision).toMatchObject({ outcome: 'locked', lockedNow: true, retryAfterMs: 15 * MIN });
    // Knocking on a lock neither extends it nor mails again.
    expect(results.slice(10).every((r) => r.decision.outcome === 'locked' && !r.decision.lockedNow)).toBe(true);
    expect(results[99]?.state?.lockedUntil).toBe(9 + 15 * MIN);
  });

  it('locks after ten patient failures too, and the tenth check is the one to mail about', () => {
    let at = 0;
    const results: ReturnType<typeof play> = [];
    for (let i = 0; i < 10; i++) {
      const state: ThrottleState | undefined = results.at(-1)?.state;
      at = Math.max(at, state?.nextAttemptAt ?? 0);
      results.push(...play([at], state));
    }
    expect(results.map((r) => r.decision.outcome)).toEqual(Array(10).fill('check'));
    expect(results[9]?.decision).toMatchObject({ outcome: 'check', locksOnFailure: true });
    expect(results[9]?.state?.lockedUntil).toBe(at + 15 * MIN);
    expect(decideAttempt(results[9]?.state, at + 14 * MIN, policy).outcome).toBe('locked');
  });

  it('after the lock, one more guess is checked, and a failure locks again without a second mail', () => {
    const locked: ThrottleState = { attempts: 10, lastAttemptAt: 0, nextAttemptAt: 60_000, lockedUntil: 15 * MIN };
    const after = decideAttempt(locked, 15 * MIN + 1, policy);
    expect(after).toMatchObject({ outcome: 'check', locksOnFailure: false });
    expect(after.next?.lockedUntil).toBe(30 * MIN + 1);
  });

  it('forgets a count after a quiet day', () => {
    const old: ThrottleState = { attempts: 12, lastAttemptAt: 0, nextAttemptAt: 0, lockedUntil: 15 * MIN };
    const decision = decideAttempt(old, 24 * 60 * MIN, policy);
    expect(decision).toMatchObject({ outcome: 'check', next: { attempts: 1, lockedUntil: null } });
  });

  it('reads back only a well-formed state', () => {
    const state: ThrottleState = { attempts: 2, lastAttemptAt: 5, nextAttemptAt: 5, lockedUntil: null };
    expect(parseThrottleState(JSON.stringify(state))).toEqual(state);
    expect(parseThrottleState('not json')).toBeUndefined();
    expect(parseThrottleState('{"attempts":"2"}')).toBeUndefined();
    expect(parseThrottleState(undefined)).toBeUndefined();
  });
});

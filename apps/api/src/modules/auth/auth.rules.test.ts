import { describe, expect, it } from 'vitest';
import {
  identifierKind,
  idleCutoff,
  linkTokenExpiry,
  rememberedSessionTrusted,
  rememberedSessionVerdict,
  sessionExpiry,
} from './auth.rules.js';

const policy = { idleMs: 15 * 60_000, absoluteMs: 8 * 3_600_000 };
const t0 = new Date('2026-01-01T00:00:00Z');

describe('session rules', () => {
  it('a session ends 8 hours after sign-in', () =>
    expect(sessionExpiry(t0, policy).toISOString()).toBe('2026-01-01T08:00:00.000Z'));
  it('a session last seen more than 15 minutes ago is idle', () =>
    expect(idleCutoff(new Date('2026-01-01T01:00:00Z'), policy).toISOString()).toBe('2026-01-01T00:45:00.000Z'));
});

describe('a session remembered in process', () => {
  const minute = 60_000;
  const signedIn = t0.getTime();
  const remembered = { expiresAt: signedIn + policy.absoluteMs, lastSeenAt: signedIn, lastWrittenAt: signedIn };

  it('is answered from memory within the minute after its last write', () =>
    expect(rememberedSessionVerdict(remembered, signedIn + minute - 1, policy)).toBe('use'));
  it('is touched (written and checked) once the minute has passed', () =>
    expect(rememberedSessionVerdict(remembered, signedIn + minute, policy)).toBe('touch'));
  it('counts idleness from the last request served, not the last write', () => {
    const seenLater = { ...remembered, lastSeenAt: signedIn + 30_000 };
    // 15 minutes after the write but 14.5 after the last request: not idle, only due for its touch.
    expect(rememberedSessionVerdict(seenLater, signedIn + 15 * minute, policy)).toBe('touch');
    expect(rememberedSessionVerdict(seenLater, signedIn + 30_000 + 15 * minute - 1, policy)).toBe('touch');
  });
  it('looking idle here, it is checked against the database (another process may have served it)', () =>
    expect(rememberedSessionVerdict(remembered, signedIn + 15 * minute, policy)).toBe('touch'));
  it('is refused at its absolute expiry without asking anyone', () => {
    const active = {
      ...remembered,
      lastSeenAt: signedIn + policy.absoluteMs - 1,
      lastWrittenAt: signedIn + policy.absoluteMs - 1,
    };
    expect(rememberedSessionVerdict(active, signedIn + policy.absoluteMs - 1, policy)).toBe('use');
    expect(rememberedSessionVerdict(active, signedIn + policy.absoluteMs, policy)).toBe('refuse');
  });
  it('is checked when the clock went back before its last write', () =>
    expect(rememberedSessionVerdict(remembered, signedIn - 1, policy)).toBe('touch'));

  it('is believed for a minute while the change listener is live', () => {
    expect(rememberedSessionTrusted(59_999, true)).toBe(true);
    expect(rememberedSessionTrusted(60_000, true)).toBe(false);
  });
  it('is believed for a second only while the listener is down', () => {
    expect(rememberedSessionTrusted(999, false)).toBe(true);
    expect(rememberedSessionTrusted(1_000, false)).toBe(false);
  });
  it('is not believed once marked stale', () => expect(rememberedSessionTrusted(Infinity, true)).toBe(false));
});

describe('link tokens', () => {
  it('expire after their time to live', () =>
    expect(linkTokenExpiry(t0, 3_600_000).toISOString()).toBe('2026-01-01T01:00:00.000Z'));
});

describe('sign-in identifier', () => {
  it('an @ makes it an e-mail', () => expect(identifierKind('a@b.c')).toBe('email'));
  it('otherwise a username', () => expect(identifierKind('alice')).toBe('username'));
});

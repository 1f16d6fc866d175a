import { describe, expect, it } from 'vitest';
import { identifierKind, idleCutoff, linkTokenExpiry, sessionExpiry } from './auth.rules.js';

const policy = { idleMs: 15 * 60_000, absoluteMs: 8 * 3_600_000 };
const t0 = new Date('2026-01-01T00:00:00Z');

describe('session rules', () => {
  it('a session ends 8 hours after sign-in', () =>
    expect(sessionExpiry(t0, policy).toISOString()).toBe('2026-01-01T08:00:00.000Z'));
  it('a session last seen more than 15 minutes ago is idle', () =>
    expect(idleCutoff(new Date('2026-01-01T01:00:00Z'), policy).toISOString()).toBe('2026-01-01T00:45:00.000Z'));
});

describe('link tokens', () => {
  it('expire after their time to live', () =>
    expect(linkTokenExpiry(t0, 3_600_000).toISOString()).toBe('2026-01-01T01:00:00.000Z'));
});

describe('sign-in identifier', () => {
  it('an @ makes it an e-mail', () => expect(identifierKind('a@b.c')).toBe('email'));
  it('otherwise a username', () => expect(identifierKind('alice')).toBe('username'));
});

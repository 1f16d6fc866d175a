import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/users.service.js';
import { createSessionCache } from './session-cache.js';

let clock = 0;
const cache = (maxEntries = 10) => {
  const c = createSessionCache({ maxEntries, monotonic: () => clock });
  c.handlers.live(true);
  return c;
};
const user = (id: string) => ({ id, kycStatus: 'Not Verified', role: 'customer' }) as UserRow;
const remembered = (userId: string, sessionId: string) => ({
  auth: { user: user(userId), sessionId },
  expiresAt: 1e12,
  lastSeenAt: 0,
  lastWrittenAt: 0,
});
const put = (c: ReturnType<typeof cache>, hash: string, userId: string, sessionId: string) =>
  c.store(hash, remembered(userId, sessionId), c.generation, clock);

describe('the session cache', () => {
  it('forgets a session the database says ended, and only that one', () => {
    const c = cache();
    put(c, 'h1', 'u1', 's1');
    put(c, 'h2', 'u1', 's2');
    c.handlers.notify('s:s1');
    expect(c.lookup('h1')).toBeUndefined();
    expect(c.lookup('h2')?.trusted).toBe(true);
  });

  it('stops believing every session of a user whose row changed, keeping what it knows of their use', () => {
    const c = cache();
    put(c, 'h1', 'u1', 's1');
    put(c, 'h2', 'u2', 's2');
    c.handlers.notify('u:u1');
    expect(c.lookup('h1')).toMatchObject({ trusted: false, session: { lastSeenAt: 0 } });
    expect(c.lookup('h2')?.trusted).toBe(true);
  });

  it('does not store a read that began before a change was announced', () => {
    const c = cache();
    const readSince = c.generation;
    c.handlers.notify('u:u1');
    c.store('h1', remembered('u1', 's1'), readSince, clock);
    expect(c.lookup('h1')).toBeUndefined();
  });

  it('while the listener is down, believes what it read for a second only, and nothing from before', () => {
    const c = cache();
    put(c, 'h1', 'u1', 's1');
    c.handlers.live(false);
    expect(c.lookup('h1')?.trusted).toBe(false);
    put(c, 'h1', 'u1', 's1');
    clock += 999;
    expect(c.lookup('h1')?.trusted).toBe(true);
    clock += 1;
    expect(c.lookup('h1')?.trusted).toBe(false);
  });

  it('believes nothing it read before the listener came back', () => {
    const c = cache();
    c.handlers.live(false);
    put(c, 'h1', 'u1', 's1');
    c.handlers.live(true);
    expect(c.lookup('h1')?.trusted).toBe(false);
  });

  it('an announcement it does not understand makes every entry be read again', () => {
    const c = cache();
    put(c, 'h1', 'u1', 's1');
    c.handlers.notify('x:something-new');
    expect(c.lookup('h1')?.trusted).toBe(false);
  });

  it('holds at most its bound, dropping the least recently used', () => {
    const c = cache(2);
    put(c, 'h1', 'u1', 's1');
    put(c, 'h2', 'u2', 's2');
    c.lookup('h1');
    put(c, 'h3', 'u3', 's3');
    expect(c.size).toBe(2);
    expect(c.lookup('h2')).toBeUndefined();
    expect(c.lookup('h1')).toBeDefined();
    // The dropped entry's indexes went with it: announcing its session changes nothing else.
    c.handlers.notify('s:s2');
    expect(c.lookup('h3')?.trusted).toBe(true);
  });
});

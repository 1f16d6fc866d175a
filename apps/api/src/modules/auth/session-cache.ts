import type { NotificationHandlers } from '../../db/client.js';

export { AUTH_CHANGES_CHANNEL } from '../../db/client.js';
import type { Authenticated } from './auth.service.js';
import {
  DEFAULT_CACHE_TRUST,
  rememberedSessionTrusted,
  type CacheTrustPolicy,
  type RememberedSession,
} from './auth.rules.js';

export interface CachedSession extends RememberedSession {
  auth: Authenticated;
  /** performance.now() when the row was last read from or written to the database. */
  checkedAt: number;
}

export interface SessionCacheOptions {
  /** Sessions remembered at most; the least recently used go first. */
  maxEntries?: number;
  trust?: CacheTrustPolicy;
  /** A monotonic clock in ms (tests); performance.now() otherwise. */
  monotonic?: () => number;
}

/**
 * The sessions this process has checked, by token hash, with the user row the guards read.
 * Entries are dropped when the database announces a change (session ended, user row changed)
 * and believed only while the announcements are known to arrive (`live`), or briefly when not.
 *
 * `generation` changes with every drop: a database read that began before a drop must not
 * store what it read, since the change it missed may be the one just announced.
 */
export function createSessionCache(options: SessionCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 10_000;
  const trust = options.trust ?? DEFAULT_CACHE_TRUST;
  const monotonic = options.monotonic ?? (() => performance.now());
  /** Map order is recency: the first key is the least recently used. */
  const entries = new Map<string, CachedSession>();
  const bySession = new Map<string, string>();
  const byUser = new Map<string, Set<string>>();
  let generation = 0;
  let live = false;

  function remove(tokenHash: string): void {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    bySession.delete(entry.auth.sessionId);
    const hashes = byUser.get(entry.auth.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) byUser.delete(entry.auth.user.id);
  }

  function forgetSession(sessionId: string): void {
    generation++;
    const tokenHash = bySession.get(sessionId);
    if (tokenHash) remove(tokenHash);
  }

  /** The user's row changed: their sessions stay usable, but must be read again. */
  function staleUser(userId: string): void {
    generation++;
    for (const tokenHash of byUser.get(userId) ?? []) {
      const entry = entries.get(tokenHash);
      if (entry) entry.checkedAt = Number.NEGATIVE_INFINITY;
    }
  }

  /** Every entry must be read again (what happened while nobody listened is unknown). */
  function staleAll(): void {
    generation++;
    for (const entry of entries.values()) entry.checkedAt = Number.NEGATIVE_INFINITY;
  }

  const handlers: NotificationHandlers = {
    notify(payload) {
      const id = payload.slice(2);
      if (payload.startsWith('s:')) forgetSession(id);
      else if (payload.startsWith('u:')) staleUser(id);
      // An unknown payload (a newer trigger than this code): believe nothing remembered.
      else staleAll();
    },
    live(isLive) {
      // Both ways: going down, entries fall back to the short TTL; coming back, anything
      // announced while down was missed.
      live = isLive;
      staleAll();
    },
  };

  return {
    handlers,
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },

    /** The remembered session and whether it may be believed without asking the database. */
    lookup(tokenHash: string): { session: CachedSession; trusted: boolean } | undefined {
      const session = entries.get(tokenHash);
      if (!session) return undefined;
      // Most recently used last, for the eviction order.
      entries.delete(tokenHash);
      entries.set(tokenHash, session);
      return { session, trusted: rememberedSessionTrusted(monotonic() - session.checkedAt, live, trust) };
    },

    /** Stores what a database read found, unless something was dropped since it began. */
    store(tokenHash: string, session: Omit<CachedSession, 'checkedAt'>, readSince: number, checkedAt: number): void {
      if (readSince !== generation) {
        remove(tokenHash);
        return;
      }
      remove(tokenHash);
      entries.set(tokenHash, { ...session, checkedAt });
      bySession.set(session.auth.sessionId, tokenHash);
      const hashes = byUser.get(session.auth.user.id) ?? new Set<string>();
      hashes.add(tokenHash);
      byUser.set(session.auth.user.id, hashes);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        remove(oldest);
      }
    },

    forget: remove,
    forgetSession,
    forgetUser(userId: string): void {
      generation++;
      for (const tokenHash of [...(byUser.get(userId) ?? [])]) remove(tokenHash);
    },
    now: monotonic,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

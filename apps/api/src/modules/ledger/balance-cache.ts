import type { NotificationHandlers } from '../../db/client.js';

export interface BalanceCacheOptions {
  /** Customers remembered at most; the least recently used go first. */
  maxEntries?: number;
  /**
   * How long a remembered balance is believed even while announcements arrive: a bound on
   * what one lost announcement could cost, not the mechanism that keeps entries right.
   */
  maxAgeMs?: number;
  /** A monotonic clock in ms (tests); performance.now() otherwise. */
  monotonic?: () => number;
}

interface Entry<T> {
  value: T;
  readAt: number;
}

/**
 * Customers' balances as last read, for the balance GET: the ledger's postings trigger
 * announces every customer whose balance a commit moved (migration 0008), and this process
 * drops them. A commit made through this process is announced before the committing call
 * returns, so a customer who has just sold never reads the balance from before the sale.
 * Entries are believed only while announcements are known to arrive (`live`); money
 * decisions never read this, they run in SQL on the rows themselves.
 *
 * `generation` changes with every drop: a database read that began before a drop must not
 * store what it read, since the change it missed may be the one just announced.
 */
export function createBalanceCache<T>(options: BalanceCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 20_000;
  const maxAgeMs = options.maxAgeMs ?? 5_000;
  const monotonic = options.monotonic ?? (() => performance.now());
  /** Map order is recency: the first key is the least recently used. */
  const entries = new Map<string, Entry<T>>();
  let generation = 0;
  let live = false;

  function dropAll(): void {
    generation++;
    entries.clear();
  }

  const handlers: NotificationHandlers = {
    notify(payload) {
      if (payload === '*' || payload === '') return dropAll();
      generation++;
      for (const userId of payload.split(',')) entries.delete(userId);
    },
    live(isLive) {
      // Going down, nothing may be believed; coming back, anything announced meanwhile was missed.
      live = isLive;
      dropAll();
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

    /** The remembered balances, if they may be believed now. */
    lookup(userId: string): T | undefined {
      if (!live) return undefined;
      const entry = entries.get(userId);
      if (!entry) return undefined;
      if (monotonic() - entry.readAt > maxAgeMs) {
        entries.delete(userId);
        return undefined;
      }
      entries.delete(userId);
      entries.set(userId, entry);
      return entry.value;
    },

    /** Stores what a database read found, unless something was dropped since it began. */
    store(userId: string, value: T, readSince: number, readAt: number): void {
      if (!live || readSince !== generation) return;
      entries.delete(userId);
      entries.set(userId, { value, readAt });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },

    now: monotonic,
  };
}

export type BalanceCache<T> = ReturnType<typeof createBalanceCache<T>>;

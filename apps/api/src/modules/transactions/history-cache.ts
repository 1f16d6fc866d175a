import type { NotificationHandlers } from '../../db/client.js';

export interface HistoryCacheOptions {
  /** The answers' text kept at most, in UTF-16 code units summed (about bytes for JSON). */
  maxChars?: number;
  /** Page shapes (type, page size) kept per customer; the least recently used shape goes first. */
  maxShapesPerCustomer?: number;
  /**
   * How long a remembered page is believed even while announcements arrive: a bound on what
   * one lost announcement could cost, not the mechanism that keeps pages right.
   */
  maxAgeMs?: number;
  /** A monotonic clock in ms (tests); performance.now() otherwise. */
  monotonic?: () => number;
}

interface Page {
  json: string;
  readAt: number;
}

/** One database read of a customer's page, from before the query to the store. */
export interface HistoryRead {
  readonly userId: string;
  readonly readAt: number;
  /** An announcement for this customer (or everyone) arrived while the read ran. */
  spoiled: boolean;
}

/**
 * Customers' first history pages as last read, kept as the JSON text of the answer, for the
 * history GET (decision 025). The transactions trigger (sql/transactions_notify.sql) announces
 * every customer whose rows a commit inserted, changed or deleted, and this process drops all of
 * that customer's pages. A commit made through this process is announced before the committing
 * call returns (PGlite hands it over before the query's answer; every pooled PostgreSQL
 * connection LISTENs), so a customer whose operation has returned never reads the page from
 * before it. Pages are believed only while announcements are known to arrive (`live`); going
 * down or coming back drops everything.
 *
 * A read that an announcement for its customer overtook (it began before the announcement,
 * and may have seen the rows before the change) is not stored: each read holds a ticket that
 * the announcement spoils. Announcements for other customers leave it alone, so writes
 * elsewhere do not keep a busy customer's page from being remembered.
 */
export function createHistoryCache(options: HistoryCacheOptions = {}) {
  const maxChars = options.maxChars ?? 32 * 1024 * 1024;
  const maxShapes = options.maxShapesPerCustomer ?? 4;
  const maxAgeMs = options.maxAgeMs ?? 5_000;
  const monotonic = options.monotonic ?? (() => performance.now());
  /** Map order is recency: the first customer is the least recently used; so are their shapes. */
  const customers = new Map<string, Map<string, Page>>();
  /** The reads under way, by customer: what an announcement must spoil. */
  const reading = new Map<string, Set<HistoryRead>>();
  let chars = 0;
  let live = false;

  function dropCustomer(userId: string): void {
    const pages = customers.get(userId);
    if (pages) {
      for (const page of pages.values()) chars -= page.json.length;
      customers.delete(userId);
    }
    for (const read of reading.get(userId) ?? []) read.spoiled = true;
  }

  function dropAll(): void {
    customers.clear();
    chars = 0;
    for (const reads of reading.values()) for (const read of reads) read.spoiled = true;
  }

  function end(read: HistoryRead): void {
    const reads = reading.get(read.userId);
    if (!reads) return;
    reads.delete(read);
    if (reads.size === 0) reading.delete(read.userId);
  }

  const handlers: NotificationHandlers = {
    notify(payload) {
      if (payload === '*' || payload === '') return dropAll();
      for (const userId of payload.split(',')) dropCustomer(userId);
    },
    live(isLive) {
      // Going down, nothing may be believed; coming back, anything announced meanwhile was missed.
      live = isLive;
      dropAll();
    },
  };

  return {
    handlers,
    get size() {
      return customers.size;
    },
    get chars() {
      return chars;
    },

    /** The remembered answer for this customer's page shape, if it may be believed now. */
    lookup(userId: string, shape: string): string | undefined {
      if (!live) return undefined;
      const pages = customers.get(userId);
      const page = pages?.get(shape);
      if (!pages || !page) return undefined;
      pages.delete(shape);
      if (monotonic() - page.readAt > maxAgeMs) {
        chars -= page.json.length;
        if (pages.size === 0) customers.delete(userId);
        return undefined;
      }
      pages.set(shape, page);
      customers.delete(userId);
      customers.set(userId, pages);
      return page.json;
    },

    /** Call before the database read; hand the ticket to `store`, or to `end` if nothing is stored. */
    begin(userId: string): HistoryRead {
      const read: HistoryRead = { userId, readAt: monotonic(), spoiled: !live };
      let reads = reading.get(userId);
      if (!reads) reading.set(userId, (reads = new Set()));
      reads.add(read);
      return read;
    },

    /** The read is over, stored or not. */
    end,

    /** Stores what a database read found, unless an announcement overtook it; ends the read. */
    store(read: HistoryRead, shape: string, json: string): void {
      end(read);
      if (!live || read.spoiled) return;
      let pages = customers.get(read.userId);
      if (pages) customers.delete(read.userId);
      else pages = new Map();
      const previous = pages.get(shape);
      if (previous) {
        chars -= previous.json.length;
        pages.delete(shape);
      }
      pages.set(shape, { json, readAt: read.readAt });
      chars += json.length;
      customers.set(read.userId, pages);
      for (const [oldShape, oldPage] of pages) {
        if (pages.size <= maxShapes) break;
        pages.delete(oldShape);
        chars -= oldPage.json.length;
      }
      for (const [oldest, oldPages] of customers) {
        if (chars <= maxChars || oldest === read.userId) break;
        customers.delete(oldest);
        for (const page of oldPages.values()) chars -= page.json.length;
      }
    },
  };
}

export type HistoryCache = ReturnType<typeof createHistoryCache>;

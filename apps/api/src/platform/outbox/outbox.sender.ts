import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../../db/client.js';
import { outboxMessages as m } from './outbox.schema.js';

/** What a module owes: `key` names this one message (owing the same key again changes nothing). */
export interface OwedMessage {
  kind: string;
  key: string;
  payload: Record<string, unknown>;
}

export interface OutboxDelivery {
  kind: string;
  key: string;
  /** 1 on the first claim; more after a failure or a sender that died holding the claim. */
  attempt: number;
}

/**
 * Sends one message (a module's mail renderer). It reads what it needs now, so a mail tells
 * how things stand when it goes out; it returns without sending when the message no longer
 * applies (the row is gone, a later status owes its own mail), and throws to be retried.
 */
export type OutboxHandler<P> = (payload: P, delivery: OutboxDelivery) => Promise<void>;

/** A message as `messages` shows it. */
export interface OutboxMessageState {
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  claimedUntil: Date | null;
  availableAt: Date;
}

export interface OutboxOptions {
  database: Database;
  log?: FastifyBaseLogger | undefined;
  /**
   * How long a claim holds (the window of the crash guarantee): a sender that dies after
   * sending and before marking is repeated by another sender once this has passed.
   */
  leaseMs?: number;
  /** Messages claimed per statement. */
  batch?: number;
  /** The first retry's wait after a failure; each next one doubles, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export const OUTBOX_LEASE_MS = 20_000;
const DEFAULT_BATCH = 20;
const DEFAULT_BACKOFF_MS = 2_000;
const DEFAULT_MAX_BACKOFF_MS = 10 * 60_000;

interface Claimed {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  owedAt: number;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The wait before a message's next try, after `attempts` claims. */
export function outboxBackoffMs(attempts: number, backoffMs: number, maxBackoffMs: number): number {
  return Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/**
 * The outbox's claiming sender. Any number of them (processes, or objects in one process) may
 * run on one database: a message is taken by one claim (`FOR UPDATE SKIP LOCKED`, then a lease
 * in `claimed_until`) and marked sent after its handler returns. Times are the database's, so
 * senders in processes with different clocks agree on leases and backoff.
 */
export function createOutbox(options: OutboxOptions) {
  const { database, log } = options;
  const db = database.db;
  const leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
  const batch = options.batch ?? DEFAULT_BATCH;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const maxBackoffMs = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
  const handlers = new Map<string, OutboxHandler<never>>();

  /**
   * Takes due messages of the kinds this sender handles: a kind it does not know (a newer
   * process's) waits for a sender that does instead of being claimed and dropped here.
   */
  async function claim(): Promise<Claimed[]> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return [];
    const due = sql`${m.sentAt} IS NULL AND ${m.availableAt} <= now()
      AND (${m.claimedUntil} IS NULL OR ${m.claimedUntil} <= now())`;
    // The condition is repeated on the UPDATE: a claim that read a row just before another
    // sender's committed claim reads it again, sees the lease, and leaves it.
    const result = await db.execute(sql`
      UPDATE ${m} SET ${sql.identifier(m.claimedUntil.name)} = now() + make_interval(secs => ${leaseMs / 1000}),
                      ${sql.identifier(m.attempts.name)} = ${m.attempts} + 1
       WHERE ${due} AND ${m.id} IN (
         SELECT ${m.id} FROM ${m}
          WHERE ${due} AND ${m.kind} IN (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          ORDER BY ${m.availableAt}, ${m.createdAt}
          LIMIT ${batch}
          FOR UPDATE SKIP LOCKED)
       RETURNING ${m.id} AS id, ${m.kind} AS kind, ${m.key} AS key, ${m.payload} AS payload, ${m.attempts} AS attempts,
                 ${m.createdAt} AS created_at`);
    const rows = rowsOf(result).map((row) => ({
      id: String(row.id),
      kind: String(row.kind),
      key: String(row.key),
      payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
      attempts: Number(row.attempts),
      owedAt: new Date(row.created_at as string | Date).getTime(),
    }));
    // RETURNING keeps no order; messages of one pass go out in the order they were owed.
    return rows.sort((a, b) => a.owedAt - b.owedAt);
  }

  /** Marks a claim's delivered messages sent, in one statement. */
  async function markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db.execute(sql`
      UPDATE ${m} SET ${sql.identifier(m.sentAt.name)} = now(), ${sql.identifier(m.claimedUntil.name)} = NULL,
                      ${sql.identifier(m.lastError.name)} = NULL
       WHERE ${m.id} IN (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )}) AND ${m.sentAt} IS NULL`);
  }

  async function markFailed(message: Claimed, error: unknown): Promise<void> {
    const wait = outboxBackoffMs(message.attempts, backoffMs, maxBackoffMs);
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db.execute(sql`
      UPDATE ${m} SET ${sql.identifier(m.claimedUntil.name)} = NULL,
                      ${sql.identifier(m.availableAt.name)} = now() + make_interval(secs => ${wait / 1000}),
                      ${sql.identifier(m.lastError.name)} = ${reason}
       WHERE ${m.id} = ${message.id} AND ${m.sentAt} IS NULL`);
  }

  /** Gives back claims not started in time, so they need not wait out a lease. */
  async function release(messages: Claimed[]): Promise<void> {
    if (messages.length === 0) return;
    await db.execute(sql`
      UPDATE ${m} SET ${sql.identifier(m.claimedUntil.name)} = NULL, ${sql.identifier(m.attempts.name)} = ${m.attempts} - 1
       WHERE ${m.id} IN (${sql.join(
         messages.map((message) => sql`${message.id}`),
         sql`, `,
       )}) AND ${m.sentAt} IS NULL`);
  }

  async function deliver(message: Claimed): Promise<boolean> {
    const handler = handlers.get(message.kind) as OutboxHandler<Record<string, unknown>> | undefined;
    try {
      if (!handler) throw new Error(`no handler for ${message.kind}`);
      await handler(message.payload, { kind: message.kind, key: message.key, attempt: message.attempts });
    } catch (error) {
      log?.warn(
        { err: error, kind: message.kind, attempt: message.attempts },
        'outbox message failed; it will be retried',
      );
      await markFailed(message, error);
      return false;
    }
    return true;
  }

  return {
    /**
     * Owes a message in the caller's transaction: it exists if and only if the change that owes
     * it commits. Through `outbox_owe`, the SQL operations' way too.
     */
    async owe(tx: Db | Tx, message: OwedMessage): Promise<void> {
      await tx.execute(
        sql`SELECT outbox_owe(${message.kind}, ${message.key}, ${JSON.stringify(message.payload)}::jsonb)`,
      );
    },

    /** Registers the sender of one kind (a module's mail renderer); one handler per kind. */
    handle<P>(kind: string, handler: OutboxHandler<P>): void {
      if (handlers.has(kind)) throw new Error(`outbox kind ${kind} already has a handler`);
      handlers.set(kind, handler as OutboxHandler<never>);
    },

    /**
     * The messages whose key starts with `keyPrefix`, oldest first: what is owed and what went
     * out (for tests and an operator's look; no sender needs it).
     */
    async messages(keyPrefix: string): Promise<OutboxMessageState[]> {
      const rows = await db
        .select({
          kind: m.kind,
          key: m.key,
          payload: m.payload,
          attempts: m.attempts,
          lastError: m.lastError,
          sentAt: m.sentAt,
          claimedUntil: m.claimedUntil,
          availableAt: m.availableAt,
        })
        .from(m)
        .where(sql`starts_with(${m.key}, ${keyPrefix})`)
        .orderBy(m.createdAt, m.key);
      return rows;
    },

    /**
     * One pass: claims and sends what is due, batch after batch, until nothing is; answers how
     * many were sent. Safe to run at once in any number of processes and objects.
     */
    async sendDue(): Promise<number> {
      let sent = 0;
      for (;;) {
        const claimedAt = performance.now();
        const claimed = await claim();
        const delivered: string[] = [];
        try {
          for (let i = 0; i < claimed.length; i++) {
            // Half the lease gone (slow handlers): the rest go back rather than risk being sent
            // by another sender whose claim would begin when ours ends.
            if (performance.now() - claimedAt > leaseMs / 2) {
              await release(claimed.slice(i));
              break;
            }
            if (await deliver(claimed[i]!)) delivered.push(claimed[i]!.id);
          }
        } finally {
          // One statement for the claim's delivered messages, not one each. A crash
          // before it (sent, not marked) repeats what this claim delivered once the lease
          // ends: the window, as for one message.
          await markSent(delivered);
        }
        sent += delivered.length;
        if (claimed.length < batch) return sent;
      }
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

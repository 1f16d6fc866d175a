import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import { acceptedOrThrow } from './money.answers.js';
import {
  moneyOperationSchema,
  type AnswerOf,
  type MoneyOperation,
  type MoneyOperationKind,
  type InputOf,
} from './money.operations.js';

export type { MoneyOperation } from './money.operations.js';

/** What `money_execute` answers: `status` 200 with the operation's result, or a refusal. */
export interface MoneyAnswer {
  status: number;
  replayed?: boolean;
  duplicate?: boolean;
  transaction?: Record<string, string | null>;
  error?: { status: number; name: string; message: string; details: Record<string, unknown> };
  /** What an operation type adds to its answer (a plan id, an outcome). */
  [field: string]: unknown;
}

export interface MoneyEngineOptions {
  /**
   * Batches in flight at once. PostgreSQL: a pool, batches run side by side. PGlite runs one
   * statement at a time, but a second batch already waiting in its queue starts the instant
   * the first ends, while this thread answers the first one's requests (measured on PGlite on
   * its worker thread: 1,033 sells/s with two in flight against 776 with one).
   */
  maxInFlight?: number;
  /**
   * Operations per transaction. Kept small: a batch holds every row lock it took until it
   * commits, and each waiting request's latency grows with the batch ahead of it.
   */
  maxBatch?: number;
  log?: FastifyBaseLogger;
  /** Told of every batch sent, by its operations' kinds (GET /metrics). */
  onBatch?: (kinds: readonly string[]) => void;
}

/** SQLSTATEs of a transaction the database rolled back on its own: safe to run again. */
const DEADLOCK = '40P01';
const SERIALIZATION_FAILURE = '40001';
const TRANSIENT_TRIES = 4;

interface Pending {
  op: MoneyOperation;
  resolve: (answer: MoneyAnswer) => void;
  reject: (error: unknown) => void;
}

/**
 * The money engine's group commit: operations that arrive while earlier ones are in the
 * database wait together and go in as one `money_execute_batch` call, one round trip and one
 * commit with an answer each (TigerBeetle's batching, on PostgreSQL or PGlite). A batch that
 * fails as a whole (a lost connection, a deadlock) is split and each operation runs alone:
 * running one again is safe, as its Idempotency-Key (or, for deposits, the chain log) makes a
 * second run answer the first.
 */
export function createMoneyEngine(database: Database, options: MoneyEngineOptions = {}) {
  const maxInFlight = options.maxInFlight ?? (database.kind === 'pglite' ? 2 : 4);
  const maxBatch = options.maxBatch ?? 32;
  const queue: Pending[] = [];
  /** Counters for tests and the benchmark: how much group commit is happening. */
  const stats = { batches: 0, operations: 0, largestBatch: 0 };
  let inFlight = 0;
  let scheduled = false;

  async function callOnce(ops: MoneyOperation[]): Promise<MoneyAnswer[]> {
    const result = await database.executeSql('SELECT money_execute_batch($1::jsonb) AS answers', [JSON.stringify(ops)]);
    const raw = result.rows[0]?.answers;
    const answers = (typeof raw === 'string' ? JSON.parse(raw) : raw) as MoneyAnswer[];
    if (!Array.isArray(answers) || answers.length !== ops.length) throw new Error('money_execute_batch answered badly');
    return answers;
  }

  /**
   * PostgreSQL may pick this transaction as a deadlock's victim (two processes' batches each
   * creating a customer's first account of an asset, say): it was rolled back whole, so it is
   * run again, a few times, after a short random pause that lets the other one finish.
   */
  async function call(ops: MoneyOperation[]): Promise<MoneyAnswer[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await callOnce(ops);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if ((code !== DEADLOCK && code !== SERIALIZATION_FAILURE) || attempt >= TRANSIENT_TRIES) throw error;
        options.log?.warn(
          { err: error, attempt, size: ops.length },
          'money batch rolled back by the database; running it again',
        );
        await new Promise((resolve) => setTimeout(resolve, 5 + randomInt(20 * attempt)));
      }
    }
  }

  async function run(batch: Pending[]): Promise<void> {
    // One lock order for every batch: customers' rows are taken in ascending user id.
    batch.sort((a, b) => (a.op.userId < b.op.userId ? -1 : a.op.userId > b.op.userId ? 1 : 0));
    stats.batches++;
    stats.operations += batch.length;
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    options.onBatch?.(batch.map((p) => p.op.kind));
    try {
      const answers = await call(batch.map((p) => p.op));
      batch.forEach((p, i) => p.resolve(answers[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      options.log?.warn({ err: error, size: batch.length }, 'money batch failed; running its operations one by one');
      for (const p of batch) {
        try {
          const [answer] = await call([p.op]);
          p.resolve(answer!);
        } catch (single) {
          p.reject(single);
        }
      }
    }
  }

  function pump(): void {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    /** Runs one operation, batched with whatever else is waiting; resolves with its own answer. */
    execute(op: MoneyOperation): Promise<MoneyAnswer> {
      return new Promise<MoneyAnswer>((resolve, reject) => {
        queue.push({ op, resolve, reject });
        // Requests parsed in the same turn of the event loop join one batch.
        if (!scheduled && inFlight < maxInFlight) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
    /**
     * What a product calls: its operation (typed by kind, checked against the kind's schema
     * before it is queued), whose it is, when, and the request's Idempotency-Key if any; answers
     * the accepted operation's typed answer or throws its refusal as the client's error.
     */
    async run<K extends MoneyOperationKind>(
      userId: string,
      op: { kind: K } & InputOf<K>,
      context: { now: Date; claim?: IdempotencyClaim | undefined },
    ): Promise<AnswerOf<K>> {
      const { claim, now } = context;
      const full = {
        ...op,
        userId,
        now: now.toISOString(),
        ...(claim ? { key: claim.key, scope: claim.scope, requestHash: claim.requestHash } : {}),
      };
      const parsed = moneyOperationSchema.safeParse(full);
      // A programming error, not the customer's: the route validated what they sent.
      if (!parsed.success) throw new Error(`money operation ${op.kind} is malformed: ${parsed.error.message}`);
      return acceptedOrThrow(await this.execute(full as unknown as MoneyOperation)) as unknown as AnswerOf<K>;
    },
    stats,
    /** Operations waiting for a free slot (a gauge for the benchmark and logs). */
    get waiting() {
      return queue.length;
    },
  };
}

export type MoneyEngine = ReturnType<typeof createMoneyEngine>;

import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

/** `final`: this is the last attempt; a handler that must compensate does it now instead of throwing. */
export interface JobAttempt {
  attempt: number;
  final: boolean;
}
export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

/**
 * The job port over pg-boss: webhooks (the sandbox providers') and other background work.
 * A job is stored in the same database as the data it belongs to, retried with backoff,
 * and picked up by any API process. Messages owed to people (mail) go through the outbox
 * instead (platform/outbox), written in the transaction of the change that owes them.
 */
export interface JobQueue {
  register<T extends object>(name: string, handler: JobHandler<T>, options?: { retryLimit?: number }): Promise<void>;
  /**
   * `singletonKey` is recorded on the job but drops nothing: our queues use pg-boss's standard
   * policy, where a key only dedupes together with a throttle window. A job that must run once
   * per thing is claimed in the database by what queues it, and its handler checks that its
   * work is still owed; a message owed once per key is the outbox's (platform/outbox).
   */
  send<T extends object>(name: string, data: T, options?: { singletonKey?: string }): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(database: Database, log: FastifyBaseLogger): Promise<JobQueue> {
  const boss =
    database.kind === 'postgres' && database.connectionString
      ? new PgBoss({ connectionString: database.connectionString, max: 4, schedule: false })
      : new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) }, schedule: false });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  const workers = new Map<string, string>();
  const retryLimits = new Map<string, number>();

  return {
    async register(name, handler, options = {}) {
      await boss.createQueue(name);
      retryLimits.set(name, options.retryLimit ?? 5);
      // Every queue polls the database on its own: 16 queues at 0.5 s were a tenth of PGlite's
      // time under a sell load. A send wakes this process's worker at once (notifyWorker below),
      // so polling only finds retries (2 s backoff and more) and jobs another process sent.
      const workerId = await boss.work<object>(
        name,
        { pollingIntervalSeconds: 2, batchSize: 1, includeMetadata: true },
        async (jobs) => {
          try {
            for (const job of jobs) {
              try {
                await handler(job.data as never, {
                  attempt: job.retryCount + 1,
                  final: job.retryCount >= job.retryLimit,
                });
              } catch (error) {
                log.warn({ err: error, job: name, jobId: job.id }, 'job failed; it will be retried');
                throw error;
              }
            }
          } finally {
            // A worker takes one job a fetch and then waits out its polling interval: a burst
            // of five sends drained one job every 2 s. Having found one, it asks again at once
            // (the fetch that finds none lets it wait).
            const self = workers.get(name);
            if (self) boss.notifyWorker(self);
          }
        },
      );
      workers.set(name, workerId);
    },
    async send(name, data, options = {}) {
      await boss.send(name, data, {
        retryLimit: retryLimits.get(name) ?? 5,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: 120,
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      // Wake this process's worker now instead of at its next poll: mail goes out at once.
      const workerId = workers.get(name);
      if (workerId) boss.notifyWorker(workerId);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

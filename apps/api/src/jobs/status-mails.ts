import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { JobQueue } from './queue.js';

/**
 * Mails that tell a customer where a request stands (a GAE termination, a USDAU request, a
 * reward payout) survive a crash: the request row is its own outbox. `mailed_status` is the
 * status the customer was last mailed about; a row whose status differs owes a mail. The row
 * is written by the money operation itself, so the debt is recorded with the change, and the
 * mail job that the service queues at once only pays it. When the process dies before
 * queueing, a sweep (every process, every minute) queues what has been owed for a minute.
 * A crash between sending and marking sends a mail twice, which we prefer to never.
 */
export interface StatusMailOutbox {
  table: PgTable;
  id: PgColumn;
  status: PgColumn;
  mailedStatus: PgColumn;
  /** When a sweep last queued the row's mail: the claim that keeps two sweeps from both queueing it. */
  mailSweptAt: PgColumn;
  /** When the row was written, and when it was decided: the debt's age is from the later. */
  createdAt: PgColumn;
  decidedAt: PgColumn;
  /** The statuses the customer is mailed about (a reward payout's 'pending' is not). */
  statuses: readonly string[];
  /** The mail job, which takes `{ [jobKey]: id }`. */
  job: string;
  jobKey: string;
}

export const STATUS_MAIL_SWEEP_AFTER_MS = 60_000;

/** The row's status when a mail about it is still owed; undefined when it is not (or the row is gone). */
async function owedStatus(db: Db, outbox: StatusMailOutbox, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: outbox.status, mailedStatus: outbox.mailedStatus })
    .from(outbox.table)
    .where(eq(outbox.id, id));
  if (!row || row.status === row.mailedStatus || !outbox.statuses.includes(String(row.status))) return undefined;
  return String(row.status);
}

/** The mail about `status` went out; a row that moved on since still owes the next one. */
async function markStatusMailed(db: Db, outbox: StatusMailOutbox, id: string, status: string): Promise<void> {
  await db.execute(
    sql`UPDATE ${outbox.table} SET ${sql.identifier(outbox.mailedStatus.name)} = ${status}
        WHERE ${outbox.id} = ${id} AND ${outbox.status} = ${status}`,
  );
}

/**
 * Queues the mails owed since before `at` minus a minute; answers how many. Each is claimed
 * first (`mail_swept_at`, by a conditional UPDATE): a sweep in another process at the same
 * moment, or within the minute, leaves it. pg-boss's singleton key does not drop a second
 * copy on a standard queue, so the claim is what keeps one owed mail to one job.
 */
export async function sweepStatusMails(db: Db, jobs: JobQueue, outbox: StatusMailOutbox, at: Date): Promise<number> {
  const before = new Date(at.getTime() - STATUS_MAIL_SWEEP_AFTER_MS).toISOString();
  const sweptAt = sql.identifier(outbox.mailSweptAt.name);
  // The claim's condition is repeated outside the subquery: a sweep that waited for the other's
  // row lock reads the row again, sees it claimed, and leaves it.
  const unclaimed = sql`(${sweptAt} IS NULL OR ${sweptAt} <= ${before}::timestamptz)`;
  const statuses = sql.join(
    outbox.statuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const claimed = await db.execute(
    sql`UPDATE ${outbox.table} SET ${sweptAt} = ${at.toISOString()}::timestamptz
         WHERE ${unclaimed} AND ${outbox.id} IN (
           SELECT ${outbox.id} FROM ${outbox.table}
            WHERE ${outbox.status} IN (${statuses})
              AND ${outbox.mailedStatus} IS DISTINCT FROM ${outbox.status}
              AND COALESCE(${outbox.decidedAt}, ${outbox.createdAt}) <= ${before}::timestamptz
              AND ${unclaimed}
            LIMIT 100)
         RETURNING ${outbox.id} AS id`,
  );
  const ids = (claimed as unknown as { rows: { id: string }[] }).rows.map((row) => String(row.id));
  for (const id of ids) await jobs.send(outbox.job, { [outbox.jobKey]: id });
  return ids.length;
}

/** Every process sweeps, and need not be the only one: a sweep claims what it queues, and the job sends only what is still owed. */
export function sweepStatusMailsEveryMinute(app: FastifyInstance, outbox: StatusMailOutbox): void {
  const timer = setInterval(() => {
    sweepStatusMails(app.database.db, app.jobs, outbox, new Date()).catch((error: unknown) =>
      app.log.error({ err: error, job: outbox.job }, 'status mail sweep failed'),
    );
  }, STATUS_MAIL_SWEEP_AFTER_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * A status mail job's body: sends the mail `send` builds when one is owed, then marks it.
 * `send` reads the row itself (the mail tells where the request stands now).
 */
export async function payStatusMail(
  db: Db,
  outbox: StatusMailOutbox,
  id: string,
  send: () => Promise<void>,
): Promise<void> {
  const status = await owedStatus(db, outbox, id);
  if (!status) return;
  await send();
  await markStatusMailed(db, outbox, id, status);
}

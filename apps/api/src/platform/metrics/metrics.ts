import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client.js';

/**
 * What a scraper sees (GET /metrics, Prometheus text format). One registry per app, not
 * prom-client's global one: tests build several apps in one process. Counters are fed by one
 * small call from the code they count (HTTP hook, money engine, schedule); the backlogs are
 * read from the database when scraped, so they are right whichever process did the work.
 */
export function createMetrics(database: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'qmgt_' });

  const httpDuration = new Histogram({
    name: 'qmgt_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (never the raw URL) and status, with their durations',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const moneyOperations = new Counter({
    name: 'qmgt_money_operations_total',
    help: 'Money-engine operations sent to the database, by kind',
    labelNames: ['kind'],
    registers: [registry],
  });
  const moneyBatchSize = new Histogram({
    name: 'qmgt_money_batch_size',
    help: 'Operations per money_execute_batch call',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });
  const passDuration = new Histogram({
    name: 'qmgt_schedule_pass_duration_seconds',
    help: 'Duration of each scheduled pass, by job and outcome',
    labelNames: ['job', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const passLastSuccess = new Gauge({
    name: 'qmgt_schedule_last_success_timestamp_seconds',
    help: 'When each scheduled job last finished a pass without error (this process)',
    labelNames: ['job'],
    registers: [registry],
  });

  const readRows = async (sql: string) => (await database.executeSql(sql)).rows;
  new Gauge({
    name: 'qmgt_settlement_backlog',
    help: 'Chain movements owed on chain and not yet final, by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await readRows(
        `SELECT status::text AS status, count(*)::int AS n FROM chain_movements WHERE status IN ('pending', 'sent') GROUP BY status`,
      );
      for (const status of ['pending', 'sent'])
        this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
    },
  });
  new Gauge({
    name: 'qmgt_settlement_lag_seconds',
    help: 'Age of the oldest chain movement not yet final (0 when none)',
    registers: [registry],
    async collect() {
      const [row] = await readRows(
        `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS lag FROM chain_movements WHERE status IN ('pending', 'sent')`,
      );
      this.set(Number(row?.lag ?? 0));
    },
  });
  new Gauge({
    name: 'qmgt_job_queue_jobs',
    help: 'Jobs in the queue (pg-boss) by queue and state: created and retry are the depth, failed the failures kept',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await readRows(
        `SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
      ).catch(() => []);
      for (const row of rows) this.set({ queue: String(row.name), state: String(row.state) }, Number(row.n));
    },
  });
  new Gauge({
    name: 'qmgt_db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool; PGlite is one embedded connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    /** One answered HTTP request; `route` is the matched pattern, or "unmatched". */
    request(method: string, route: string, status: number, seconds: number) {
      httpDuration.observe({ method, route, status: String(status) }, seconds);
    },
    /** One money_execute_batch call: the kinds of its operations. */
    moneyBatch(kinds: readonly string[]) {
      moneyBatchSize.observe(kinds.length);
      for (const kind of kinds) moneyOperations.inc({ kind });
    },
    /** One scheduled pass, finished. */
    schedulePass(job: string, seconds: number, ok: boolean) {
      passDuration.observe({ job, outcome: ok ? 'ok' : 'failed' }, seconds);
      if (ok) passLastSuccess.set({ job }, Date.now() / 1000);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { signedInUser } from '../../test/factories.js';

/*
 * GET /metrics in the Prometheus text format: to this machine (by the socket, never through a
 * proxy) or with the METRICS_TOKEN bearer; requests by route pattern and status, the money
 * engine, the schedule's passes, and the backlogs read when scraped.
 */
const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await build({ metricsToken: TOKEN });
}, 120_000);
afterAll(async () => t.close());

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...options });

describe('who may scrape', () => {
  it('this machine, or anyone with the token; not a remote client, nor anything through a proxy', async () => {
    const local = await scrape();
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);

    expect((await scrape({ remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    const wrong = await scrape({
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(404);
    const withToken = await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
  });
});

describe('what a scrape says', () => {
  it('counts requests by route pattern and status, never by the raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const id = randomUUID();
    await t.app.inject({ method: 'GET', url: `/api/payments/${id}` });
    const body = (await scrape()).body;
    expect(body).toMatch(
      /qmgt_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    expect(body).toMatch(
      /qmgt_http_request_duration_seconds_count\{method="GET",route="\/api\/payments\/:id",status="401"\} 1/,
    );
    expect(body).not.toContain(id);
  });

  it('counts money operations and batch sizes, and each scheduled pass with its last success', async () => {
    const { user } = await signedInUser(t.app);
    const answer = await t.app.services.money.execute({
      kind: 'deposit',
      userId: user.id,
      txHash: `0x${randomBytes(32).toString('hex')}`,
      logIndex: 0,
      amount: toUnits('5', 'USDT').toString(),
      blockNumber: '1',
      code: `DP-${randomBytes(5).toString('hex').toUpperCase()}`,
    });
    expect(answer.status).toBe(200);
    expect(await t.app.schedule.runNow('reserves.snapshot')).toBe(true);
    const body = (await scrape()).body;
    expect(body).toMatch(/qmgt_money_operations_total\{kind="deposit"\} [1-9]/);
    expect(body).toMatch(/qmgt_money_batch_size_count [1-9]/);
    expect(body).toMatch(
      /qmgt_schedule_pass_duration_seconds_count\{job="reserves.snapshot",outcome="(ok|failed)"\} 1/,
    );
    expect(body).toMatch(/qmgt_settlement_backlog\{status="pending"\} \d+/);
    expect(body).toMatch(/qmgt_settlement_lag_seconds \d/);
    expect(body).toMatch(/qmgt_db_pool_connections\{state="total"\} \d+/);
    expect(body).toContain('# TYPE qmgt_job_queue_jobs gauge');
    expect(body).toContain('qmgt_process_resident_memory_bytes');
  });
});

/**
 * `npm run bench`: starts the built product on a fresh data dir (PGlite; and PostgreSQL when
 * BENCH_DATABASE_URL is set), makes verified customers through the public API, funds them with
 * the sandbox faucet, then measures over HTTP: session-checked reads, sign-ins, swaps (quote +
 * execute) and sells, beside the raw single-statement transfer rate of the same database, and
 * prints the ledger check after the load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ApiClient, verifiedCustomer, waitFor } from './client.js';
import { runLoad, type LoadResult } from './load.js';
import { rawTransferRate } from './raw-transfer.js';

const root = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const OPERATOR = { email: 'bench-operator@example.com', password: 'bench-operator-pass-1' };

function report(target: string, name: string, r: LoadResult) {
  console.log(
    `${target.padEnd(11)} ${name.padEnd(34)} ${r.perSecond.toFixed(0).padStart(7)} /s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   failures ${r.failures}/${r.requests}`,
  );
}

async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qmgt-bench-'));
  const child = spawn('node', [path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SANDBOX: 'true',
      RATE_LIMIT_AUTH_MAX: '100000000',
      DEPOSIT_CONFIRMATIONS: '1',
      DEPOSIT_SCAN_MS: '300',
      OPERATOR_EMAIL: OPERATOR.email,
      OPERATOR_PASSWORD: OPERATOR.password,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      return (await fetch(`${base}/api/health`)).ok ? true : undefined;
    } catch {
      return undefined;
    }
  }, 120_000);
  return { child, dataDir };
}

async function benchTarget(label: string, port: number, databaseUrl: string | undefined) {
  const { child, dataDir } = await startServer(port, { DATABASE_URL: databaseUrl ?? '' });
  const base = `http://127.0.0.1:${port}`;
  try {
    const operator = new ApiClient(base);
    operator.token = (
      await operator.ok<{ jwt: string }>('POST', '/auth/local', {
        identifier: OPERATOR.email,
        password: OPERATOR.password,
      })
    ).jwt;
    // One customer per connection: swaps of different customers do not queue on one balance.
    const customers = await Promise.all(Array.from({ length: CONNECTIONS }, () => verifiedCustomer(base, operator)));
    await Promise.all(customers.map((c) => c.ok('POST', '/dev/faucet', { asset: 'USDT', amount: '10000' })));
    await Promise.all(
      customers.map((c) =>
        waitFor(async () =>
          (await c.ok<{ usdt: string }>('GET', '/get-qmgt-balance')).usdt === '10000' ? true : undefined,
        ),
      ),
    );

    report(
      label,
      'GET /api/getInfo',
      await runLoad(CONNECTIONS, SECONDS, async (w) => (await customers[w]!.call('GET', '/getInfo')).status === 200),
    );
    report(
      label,
      'swap: POST /swap/quote + /swap',
      await runLoad(CONNECTIONS, SECONDS, async (w) => {
        const c = customers[w]!;
        const quote = await c.call<{ quoteId: string }>('POST', '/swap/quote', {
          from: 'USDT',
          to: 'QMGT',
          amount: '10',
        });
        if (quote.status !== 200) return false;
        return (
          (await c.call('POST', '/swap', { quoteId: quote.json.quoteId }, { 'idempotency-key': randomUUID() }))
            .status === 200
        );
      }),
    );
    report(
      label,
      'POST /sell-token (0.01 QMGT)',
      await runLoad(
        CONNECTIONS,
        SECONDS,
        async (w) =>
          (await customers[w]!.call('POST', '/sell-token', { amount: '0.01' }, { 'idempotency-key': randomUUID() }))
            .status === 200,
      ),
    );
    report(label, 'raw 1-statement transfer (same db)', await rawTransferRate(databaseUrl, SECONDS, CONNECTIONS));
    const check = await operator.ok<{ balanced: boolean; nonNegative: boolean; entries: number }>(
      'GET',
      '/admin/ledger/check',
    );
    console.log(
      `${label.padEnd(11)} ledger check after the load: balanced=${check.balanced} nonNegative=${check.nonNegative} entries=${check.entries}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the server of BENCH_DATABASE_URL, dropped afterwards. */
async function withFreshDatabase(adminUrl: string, run: (url: string) => Promise<void>) {
  const name = `qmgt_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(
  `QMGT benchmark: ${SECONDS} s per scenario, ${CONNECTIONS} connections, ${os.cpus().length} cores, loopback`,
);
await benchTarget('PGlite', 3310, undefined);
if (process.env.BENCH_DATABASE_URL)
  await withFreshDatabase(process.env.BENCH_DATABASE_URL, (url) => benchTarget('PostgreSQL', 3311, url));

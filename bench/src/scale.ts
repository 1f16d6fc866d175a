/**
 * `npm run bench:scale`: the product at the size of a real customer base (docs/benchmarks.md).
 *
 * Seeds a new PostgreSQL database (scale-seed.ts: 100,000 verified customers, 1,000,000
 * transactions through the money engine, a referral tree of 10,000, a GES group of 5,000, ...;
 * each size times --scale), starts the built server on it and, beside it, on a fresh (just
 * migrated) database in the same run, measures: idle CPU and RSS, p50/p95 of every customer list
 * and statement (for the heavy customers) and every operator queue, the time to credit a
 * deposit, and one pass of each background job. Each figure is printed beside its target with
 * PASS/FAIL; the exit code is 0 whatever they say (it is a measurement).
 *
 *   --scale F          sizes times F (default 1)
 *   --keep             keep the seeded database and its data dir (printed) for --reuse
 *   --reuse NAME       measure a database kept by --keep, without seeding
 *   --connections N    parallel connections while seeding (default 3)
 *   --idle-seconds S   the idle window (default 60)
 *   BENCH_SCALE_POSTGRES  the server to create databases on (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiPaths } from '@qmgt/contracts';
import { ApiClient, verifiedCustomer } from './client.js';
import { vacuumAnalyze } from './postgres.js';
import {
  ROOT,
  installCleanup,
  onInterrupt,
  spawnTracked,
  stopChild,
  waitUntilListening,
  type Child,
} from './processes.js';
import { buildProductApp, loadProductRules, migrateDatabase } from './scale-api.js';
import {
  depositTiming,
  type DepositTiming,
  measureIdle,
  measureLatency,
  sleep,
  timePasses,
  type IdleFigures,
  type Latency,
  type LatencyOptions,
  type PassTiming,
} from './scale-measure.js';
import { Seeder, layoutOf, sizesAt, type SeedManifest } from './scale-seed.js';

const OPERATOR = { email: 'scale-operator@example.com', password: 'scale-operator-pass-1' };
const PASSWORD = 'scale-password-1';
const KYC_LEVEL = 'basic-kyc-level';
const PORTS = { seed: 3630, fresh: 3631, seeded: 3632 };
const SETTLE_SECONDS = 15;
const PASS_CAP_SECONDS = 300;

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    connections: { type: 'string', default: '3' },
    'idle-seconds': { type: 'string', default: '60' },
  },
});
const scale = Number(args.scale);
const connections = Number(args.connections);
const idleSeconds = Number(args['idle-seconds']);
if (!(scale > 0) || !(connections >= 1) || !(idleSeconds > 0))
  throw new Error('bad --scale, --connections or --idle-seconds');

const adminUrl = process.env.BENCH_SCALE_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const keptRoot = path.join(os.tmpdir(), 'qmgt-scale');
const logDir = mkdtempSync(path.join(os.tmpdir(), 'qmgt-scale-logs-'));
const startedAt = performance.now();
const since = () => `${((performance.now() - startedAt) / 1000).toFixed(0)} s`;
const say = (line: string) => console.log(`[${since().padStart(6)}] ${line}`);

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>, url = adminUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const dropDatabase = (name: string) =>
  admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
    () => undefined,
    (error: unknown) => console.warn(`could not drop ${name}: ${String(error)}`),
  );

async function createMigrated(name: string): Promise<string> {
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(name);
  const t0 = performance.now();
  const applied = await migrateDatabase(url);
  say(
    `${name}: created and migrated by the product's migrator (${applied} migrations and SQL functions applied, ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return url;
}

/** The product's default finality depth (apps/api/src/config.ts), unless the environment sets one. */
const DEPOSIT_CONFIRMATIONS = Number(process.env.DEPOSIT_CONFIRMATIONS ?? 3);

function serverEnv(dataDir: string, port: number, url: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    SANDBOX: 'true',
    // The bench signs its customers in many times over; everything else keeps the product's defaults.
    RATE_LIMIT_AUTH_MAX: '100000000',
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    ...extra,
  };
}

async function startServer(name: string, env: NodeJS.ProcessEnv): Promise<Child> {
  const child = spawnTracked({
    name,
    args: [path.join(ROOT, 'apps/api/dist/server.js')],
    env,
    logFile: path.join(logDir, `${name.replace(/\W+/g, '-')}.log`),
    port: Number(env.PORT),
  });
  await waitUntilListening(child, `/api${apiPaths.health}`, 300_000);
  return child;
}

async function signIn(origin: string, identifier: string, password: string): Promise<string> {
  return (await new ApiClient(origin).ok<{ jwt: string }>('POST', apiPaths.login, { identifier, password })).jwt;
}

/** The GES group the seed's members join, through the operator's own API (created as a draft, then opened). */
async function createGesGroup(
  operator: ApiClient,
  name: string,
  memberCap: number,
): Promise<{ id: string; documentId: string; startDate: string }> {
  const next = new Date();
  next.setUTCMonth(next.getUTCMonth() + 1, 1);
  const startDate = next.toISOString().slice(0, 10);
  const { group } = await operator.ok<{ group: { id: string; documentId: string | null } }>(
    'POST',
    apiPaths.adminGesGroups,
    {
      name,
      instalmentUsdt: '50',
      termMonths: 12,
      memberCap,
      startDate,
      bonusInstalments: 1,
      agreement: {
        title: `${name} agreement`,
        text: 'Members pay 50 USDT a month for 12 months; the bonus is one instalment.',
      },
    },
  );
  await operator.ok('POST', apiPaths.adminGesGroupOpen(group.id));
  return { id: group.id, documentId: group.documentId!, startDate };
}

async function waitForSettlement(origin: string, timeoutMinutes: number): Promise<string> {
  const t0 = performance.now();
  let lastPrint = 0;
  // Signed in anew whenever the session ends: at full size the wait outlasts one.
  let operator = new ApiClient(origin, await signIn(origin, OPERATOR.email, OPERATOR.password));
  for (;;) {
    const answer = await operator.call<{ pending: number; failed: number }>('GET', apiPaths.adminSettlement);
    if (answer.status === 401) {
      operator = new ApiClient(origin, await signIn(origin, OPERATOR.email, OPERATOR.password));
      continue;
    }
    if (answer.status !== 200) throw new Error(`GET ${apiPaths.adminSettlement} -> ${answer.status}`);
    const status = answer.json;
    const minutes = (performance.now() - t0) / 60_000;
    if (status.pending === 0) return `settled in ${(minutes * 60).toFixed(0)} s (${status.failed} failed)`;
    if (minutes > timeoutMinutes) return `NOT settled after ${timeoutMinutes} min: ${status.pending} movements pending`;
    if (performance.now() - lastPrint > 15_000) {
      lastPrint = performance.now();
      say(`seed: chain settlement: ${status.pending} movements pending`);
    }
    await sleep(2000);
  }
}

/** Seeds a new database; answers its name, URL, data dir and manifest. */
async function seed(): Promise<{
  name: string;
  url: string;
  dataDir: string;
  manifest: SeedManifest;
  forget: () => void;
}> {
  const sizes = sizesAt(scale);
  const layout = layoutOf(sizes);
  const name = `qmgt_scale_${Date.now()}`;
  const dataDir = path.join(keptRoot, name);
  const forget = onInterrupt(async () => {
    if (!args.keep) {
      await dropDatabase(name);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  say(`seeding ${name} at --scale ${scale}: ${JSON.stringify(sizes)}; swaps ${layout.swaps}, sells ${layout.sells}`);
  try {
    return await seedInto(name, dataDir, sizes, layout, forget);
  } catch (error) {
    // A half-seeded database is of no use to --reuse.
    forget();
    await dropDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function seedInto(
  name: string,
  dataDir: string,
  sizes: ReturnType<typeof sizesAt>,
  layout: ReturnType<typeof layoutOf>,
  forget: () => void,
) {
  const t0 = performance.now();
  const url = await createMigrated(name);
  mkdirSync(dataDir, { recursive: true });
  const rules = await loadProductRules();
  // Rewards vest at once while seeding (REWARD_VESTING_DAYS=0, a setting the server writes at
  // start): in a base years old most rewards have vested, and payout requests need vested ones.
  const server = await startServer('seeding API', serverEnv(dataDir, PORTS.seed, url, { REWARD_VESTING_DAYS: '0' }));
  try {
    const operator = new ApiClient(server.origin, await signIn(server.origin, OPERATOR.email, OPERATOR.password));
    const { operatorId, spot } = await admin(
      async (c) => ({
        operatorId: (await c.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [OPERATOR.email])).rows[0]!
          .id,
        spot: BigInt(
          (await c.query<{ p: string }>('SELECT usd_per_gram::text AS p FROM price_ticks ORDER BY at DESC LIMIT 1'))
            .rows[0]?.p ?? '130000000000000000000',
        ),
      }),
      url,
    );
    const group = await createGesGroup(operator, 'Scale savers', Math.min(10_000, sizes.gesMembers));
    for (let k = 1; k <= 4; k++) await createGesGroup(operator, `Scale group ${k}`, 100);
    const seeder = new Seeder(url, rules, layout, connections, spot, say);
    await seeder.users(await rules.hashPassword(PASSWORD), operatorId, KYC_LEVEL);
    await seeder.money(group, 50n * 10n ** 18n);
    await seeder.supportTickets(operatorId);
    await seeder.markMailed();
    const settleStart = performance.now();
    const settled = await waitForSettlement(server.origin, 60);
    seeder.seconds['chain settlement of the seeded QMGT (the server, batched)'] =
      (performance.now() - settleStart) / 1000;
    say(`seed: chain settlement ${settled}`);
    const counts = await admin(async (c) => {
      const { rows } = await c.query<Record<string, string>>(
        `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM transactions) AS transactions,
                (SELECT count(*) FROM journal_entries) AS journal_entries, (SELECT count(*) FROM postings) AS postings,
                (SELECT count(*) FROM ledger_accounts) AS ledger_accounts, (SELECT count(*) FROM referral_rewards) AS referral_rewards,
                (SELECT count(*) FROM chain_movements) AS chain_movements,
                pg_size_pretty(pg_database_size(current_database())) AS size`,
      );
      return rows[0]!;
    }, url);
    say(`seed: database now holds ${JSON.stringify(counts)}`);
    const manifest: SeedManifest = {
      scale,
      sizes,
      password: PASSWORD,
      trader: { id: seeder.id(0), email: 'scale0@example.com' },
      referrer: { id: seeder.id(1), email: 'scale1@example.com' },
      saver: { id: seeder.id(2), email: 'scale2@example.com' },
      gesGroupId: group.id,
      seededAt: new Date().toISOString(),
      seedSeconds: seeder.seconds,
      counts: {
        ...seeder.counts,
        ...Object.fromEntries(Object.entries(counts).flatMap(([k, v]) => (k === 'size' ? [] : [[k, Number(v)]]))),
      },
      databaseSize: counts.size ?? '',
    };
    writeFileSync(path.join(dataDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  } finally {
    await stopChild(server);
  }
  const vacuum = await vacuumAnalyze(url);
  say(`seed: VACUUM (ANALYZE) ${vacuum.toFixed(1)} s (this PostgreSQL runs with autovacuum off)`);
  const manifest = JSON.parse(readFileSync(path.join(dataDir, 'manifest.json'), 'utf8')) as SeedManifest;
  manifest.seedSeconds['VACUUM (ANALYZE)'] = vacuum;
  manifest.seedSeconds.total = (performance.now() - t0) / 1000;
  writeFileSync(path.join(dataDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  say(`seed: ${name} seeded in ${manifest.seedSeconds.total.toFixed(0)} s`);
  return { name, url, dataDir, manifest, forget };
}

interface Endpoint extends LatencyOptions {
  label: string;
  path: string;
  persona: 'trader' | 'referrer' | 'saver' | 'operator';
  kind: 'customer' | 'operator' | 'ledger check';
}

/** Two customers may be measured on the same path (their own history): the persona tells them apart. */
const keyOf = (endpoint: Endpoint) => `${endpoint.persona} ${endpoint.label}`;

function endpoints(gesGroupId: string, traderTransactions: number): Endpoint[] {
  const lastPage = Math.max(1, Math.ceil(traderTransactions / 20));
  const c = (persona: Endpoint['persona'], label: string, p: string, more: Partial<Endpoint> = {}): Endpoint => ({
    label,
    path: `/api${p}`,
    persona,
    kind: 'customer',
    ...more,
  });
  const o = (label: string, p: string, more: Partial<Endpoint> = {}): Endpoint => ({
    label,
    path: `/api${p}`,
    persona: 'operator',
    kind: 'operator',
    ...more,
  });
  // PDFs: as many samples as the lists now that one takes tens of milliseconds (20 when they took
  // hundreds: a p95 of 20 samples is the slowest but one, one GC pause or busy moment of the chain node).
  const pdf = { samples: 100, budgetSeconds: 20 };
  return [
    c('trader', 'GET /transactions (page 1)', `${apiPaths.transactions}?page=1&pageSize=20`),
    c('trader', 'GET /transactions?type=QMGT (page 1)', `${apiPaths.transactions}?type=QMGT&page=1&pageSize=20`),
    c('trader', 'GET /transactions?type=DEPOSIT (page 1)', `${apiPaths.transactions}?type=DEPOSIT&page=1&pageSize=20`),
    c('trader', 'GET /transactions (last page)', `${apiPaths.transactions}?page=${lastPage}&pageSize=20`),
    c('trader', 'GET /recent-activities-user', apiPaths.recentActivities),
    c('trader', 'GET /payments', apiPaths.payments),
    c('trader', 'GET /remittances', apiPaths.remittances),
    c('trader', 'GET /support/tickets', apiPaths.supportTickets),
    c('trader', 'GET /staking/positions', apiPaths.stakingPositions),
    c('referrer', 'GET /affiliates (page 1)', `${apiPaths.affiliates}?page=1&pageSize=20`),
    c('referrer', 'GET /affiliates?level=3 (page 1)', `${apiPaths.affiliates}?level=3&page=1&pageSize=20`),
    c('referrer', 'GET /affiliates?search= (page 1)', `${apiPaths.affiliates}?search=scale1&page=1&pageSize=20`),
    c('referrer', 'GET /rewards', apiPaths.rewards),
    c('referrer', 'GET /token-reward (payout requests)', apiPaths.rewardRequests),
    c('referrer', 'GET /transactions (page 1)', `${apiPaths.transactions}?page=1&pageSize=20`),
    c('saver', 'GET /gae/plan', apiPaths.gaePlan),
    c('saver', 'GET /gae/statement', apiPaths.gaeStatement),
    c('saver', 'GET /gae/statement.pdf', apiPaths.gaeStatementPdf, pdf),
    c('saver', 'GET /transactions?type=GAE (page 1)', `${apiPaths.transactions}?type=GAE&page=1&pageSize=20`),
    c('saver', 'GET /ges/groups', apiPaths.gesGroups),
    c('saver', 'GET /ges/groups/{id} (the big group)', apiPaths.gesGroup(gesGroupId)),
    c('saver', 'GET /ges/groups/{id}/passbook.pdf', apiPaths.gesPassbookPdf(gesGroupId), pdf),
    o('GET /admin/kyc/applicants (pending)', apiPaths.adminKycApplicants),
    o('GET /admin/kyc/applicants?queue=all', `${apiPaths.adminKycApplicants}?queue=all`),
    o('GET /admin/payments', apiPaths.adminPayments),
    o('GET /admin/remittances', apiPaths.adminRemittances),
    o('GET /admin/terminations', apiPaths.adminTerminations),
    o('GET /admin/usdau-requests', apiPaths.adminUsdauRequests),
    o('GET /list-aun-request (reward payouts)', apiPaths.listAunRequest),
    o('GET /admin/ges/groups', apiPaths.adminGesGroups),
    o('GET /admin/support/tickets', apiPaths.adminTickets),
    o('GET /admin/nominees', apiPaths.adminNominees),
    o('GET /admin/bank-accounts', apiPaths.adminBankAccounts),
    o('GET /admin/consultants', apiPaths.adminConsultants),
    o('GET /admin/vault-bars', apiPaths.adminVaultBars),
    o('GET /admin/settlement', apiPaths.adminSettlement),
    o('GET /admin/chain/reconciliation', apiPaths.adminReconciliation),
    {
      label: 'GET /admin/ledger/check',
      path: `/api${apiPaths.adminLedgerCheck}`,
      persona: 'operator',
      kind: 'ledger check',
      samples: 20,
      budgetSeconds: 30,
      minSamples: 2,
    },
  ];
}

interface Measured {
  label: string;
  idle: IdleFigures;
  deposit: DepositTiming;
  latencies: Map<string, Latency>;
  passes: PassTiming[];
  notes: string[];
}

/** Starts the server on `url`, measures it, stops it, then times the job passes in this process. */
async function measure(
  label: string,
  url: string,
  dataDir: string,
  port: number,
  traderTransactions: number,
  personas: (
    origin: string,
  ) => Promise<{ tokens: Record<Endpoint['persona'], string>; gesGroupId: string; notes: string[] }>,
): Promise<Measured> {
  const env = serverEnv(dataDir, port, url);
  say(`${label}: starting the built server`);
  const t0 = performance.now();
  const server = await startServer(`${label} API`, env);
  const notes = [`server up in ${((performance.now() - t0) / 1000).toFixed(1)} s`];
  let idle: IdleFigures;
  let deposit: DepositTiming;
  const latencies = new Map<string, Latency>();
  try {
    say(`${label}: idle: ${SETTLE_SECONDS} s to settle, then ${idleSeconds} s of /proc/${server.process.pid}/stat`);
    idle = await measureIdle(server.process.pid!, SETTLE_SECONDS, idleSeconds);
    say(
      `${label}: idle API ${idle.apiCpu.toFixed(1)}% of a core, RSS ${idle.apiRssMb.toFixed(0)} MB (its chain node: ${idle.childCpu.toFixed(1)}%, ${idle.childRssMb.toFixed(0)} MB)`,
    );
    const { tokens, gesGroupId, notes: more } = await personas(server.origin);
    notes.push(...more);
    deposit = await depositTiming(server.origin, tokens.trader, DEPOSIT_CONFIRMATIONS);
    say(
      `${label}: deposit credited ${deposit.afterFinal.toFixed(1)} s after its block was final, ${deposit.afterSent.toFixed(1)} s after the transfer was sent`,
    );
    for (const endpoint of endpoints(gesGroupId, traderTransactions)) {
      const latency = await measureLatency(server.origin, tokens[endpoint.persona], endpoint.path, endpoint);
      latencies.set(keyOf(endpoint), latency);
      if (endpoint.kind === 'ledger check' || endpoint.path.endsWith(apiPaths.adminReconciliation))
        notes.push(`${endpoint.label} answered ${latency.lastBody ?? '(not JSON)'}`);
      say(
        `${label}: ${endpoint.label.padEnd(44)} p50 ${latency.p50.toFixed(1).padStart(7)} ms  p95 ${latency.p95.toFixed(1).padStart(7)} ms  (${latency.samples} requests, ${latency.bytes} bytes${latency.statuses ? `, ${latency.statuses}` : ''})`,
      );
    }
  } finally {
    await stopChild(server);
  }
  say(`${label}: one pass of each background job, timed in this process on the built app (server stopped)`);
  const app = await buildProductApp(env);
  let passes: PassTiming[];
  try {
    passes = await timePasses(app, url, PASS_CAP_SECONDS);
  } finally {
    await app.close();
    // pg-boss ends its pool after close() resolves: let it, before the database may be dropped.
    await sleep(3000);
  }
  for (const pass of passes) say(`${label}: ${pass.job}: ${passFigure(pass)}`);
  return { label, idle, deposit, latencies, passes, notes };
}

function passFigure(pass: PassTiming): string {
  if (pass.seconds === undefined) return pass.note;
  const ms = (seconds: number) => `${(seconds * 1000).toFixed(0)} ms`;
  return `${ms(pass.seconds)}${pass.again !== undefined ? `, again ${ms(pass.again)}` : ''}${pass.note ? ` (${pass.note})` : ''}`;
}

/** The fresh database's customer: one, made through the public API, with a GAE plan and a GES membership. */
async function freshPersonas(origin: string) {
  const operator = new ApiClient(origin, await signIn(origin, OPERATOR.email, OPERATOR.password));
  const customer = await verifiedCustomer(origin, operator);
  const notes: string[] = [];
  const group = await createGesGroup(operator, 'Fresh group', 10);
  try {
    await customer.api.ok(
      'POST',
      apiPaths.devFaucet,
      { asset: 'USDT', amount: '1000' },
      { 'idempotency-key': randomUUID() },
    );
    for (let i = 0; i < 600; i++) {
      const { usdt } = await customer.api.ok<{ usdt: string }>('GET', apiPaths.qmgtBalance);
      if (Number(usdt) >= 1000) break;
      await sleep(100);
    }
    const gae = await customer.api.ok<{ quoteId: string }>('POST', apiPaths.gaeQuote, {
      kind: 'GAE',
      amountUsdt: '150',
    });
    await customer.api.ok('POST', apiPaths.gaePurchase, { quoteId: gae.quoteId }, { 'idempotency-key': randomUUID() });
    const ges = await customer.api.ok<{ quoteId: string }>('POST', apiPaths.gesQuote(group.id), {});
    await customer.api.ok(
      'POST',
      apiPaths.gesJoin(group.id),
      { documentId: group.documentId, accept: true, quoteId: ges.quoteId },
      { 'idempotency-key': randomUUID() },
    );
  } catch (error) {
    notes.push(`could not give the fresh customer a GAE plan and a GES membership: ${String(error)}`);
  }
  const token = customer.token;
  return {
    tokens: { trader: token, referrer: token, saver: token, operator: operator.token! },
    gesGroupId: group.id,
    notes,
  };
}

function seededPersonas(manifest: SeedManifest) {
  return async (origin: string) => {
    const [operator, trader, referrer, saver] = await Promise.all([
      signIn(origin, OPERATOR.email, OPERATOR.password),
      signIn(origin, manifest.trader.email, manifest.password),
      signIn(origin, manifest.referrer.email, manifest.password),
      signIn(origin, manifest.saver.email, manifest.password),
    ]);
    return { tokens: { trader, referrer, saver, operator }, gesGroupId: manifest.gesGroupId, notes: [] };
  };
}

// ---------------------------------------------------------------------------------------------

installCleanup();
console.log(
  `QMGT bench:scale ${new Date().toISOString()}: ${args.reuse ? `--reuse ${args.reuse}` : `--scale ${scale}`}, ${os.cpus().length} cores (load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}), node ${process.version}; server logs in ${logDir}`,
);

let seeded: { name: string; url: string; dataDir: string; manifest: SeedManifest; forget?: () => void };
if (args.reuse) {
  const dataDir = path.join(keptRoot, args.reuse);
  const manifestFile = path.join(dataDir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`--reuse ${args.reuse}: no ${manifestFile} (kept by --keep?)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SeedManifest;
  seeded = { name: args.reuse, url: databaseUrl(args.reuse), dataDir, manifest };
  say(
    `reusing ${args.reuse} (seeded ${manifest.seededAt} at --scale ${manifest.scale}, in ${manifest.seedSeconds.total?.toFixed(0)} s)`,
  );
} else {
  seeded = await seed();
}

const freshName = `qmgt_scale_fresh_${Date.now()}`;
const freshDir = mkdtempSync(path.join(os.tmpdir(), 'qmgt-scale-fresh-'));
const forgetFresh = onInterrupt(async () => {
  await dropDatabase(freshName);
  rmSync(freshDir, { recursive: true, force: true });
});
let fresh: Measured;
let heavy: Measured;
try {
  try {
    const freshUrl = await createMigrated(freshName);
    fresh = await measure('fresh', freshUrl, freshDir, PORTS.fresh, 1, freshPersonas);
  } finally {
    forgetFresh();
    await dropDatabase(freshName);
    rmSync(freshDir, { recursive: true, force: true });
  }
  heavy = await measure(
    'seeded',
    seeded.url,
    seeded.dataDir,
    PORTS.seeded,
    seeded.manifest.sizes.traderTransactions,
    seededPersonas(seeded.manifest),
  );
} finally {
  // Also when a measurement failed: a seeded database nobody asked to keep is dropped.
  seeded.forget?.();
  if (!args.keep && !args.reuse) {
    await dropDatabase(seeded.name);
    rmSync(seeded.dataDir, { recursive: true, force: true });
    say(`dropped ${seeded.name} and its data dir (--keep keeps them)`);
  } else say(`kept ${seeded.name}; data dir ${seeded.dataDir}; measure it again with --reuse ${seeded.name}`);
}

printReport(fresh, heavy, seeded.manifest);

function printReport(freshRun: Measured, seededRun: Measured, manifest: SeedManifest): void {
  type Row = {
    figure: string;
    target: string;
    fresh: string;
    seeded: string;
    freshPass?: boolean;
    seededPass?: boolean;
  };
  const rows: Row[] = [];
  const judged = (figure: string, target: string, f: number, s: number, limit: number, unit: string, digits = 1) =>
    rows.push({
      figure,
      target: `<= ${limit} ${unit}`,
      fresh: `${f.toFixed(digits)} ${unit}`,
      seeded: `${s.toFixed(digits)} ${unit}`,
      freshPass: f <= limit,
      seededPass: s <= limit,
    });
  judged('idle API CPU (% of a core, 1 min)', '', freshRun.idle.apiCpu, seededRun.idle.apiCpu, 5, '%');
  judged('API RSS after 1 min idle', '', freshRun.idle.apiRssMb, seededRun.idle.apiRssMb, 300, 'MB', 0);
  judged(
    'deposit credited after its block is final',
    '',
    freshRun.deposit.afterFinal,
    seededRun.deposit.afterFinal,
    10,
    's',
  );
  rows.push({
    figure: 'deposit credited after the transfer was sent',
    target: '(context)',
    fresh: `${freshRun.deposit.afterSent.toFixed(1)} s`,
    seeded: `${seededRun.deposit.afterSent.toFixed(1)} s`,
  });
  for (const endpoint of endpoints(manifest.gesGroupId, manifest.sizes.traderTransactions)) {
    const f = freshRun.latencies.get(keyOf(endpoint))!;
    const s = seededRun.latencies.get(keyOf(endpoint))!;
    const limit = endpoint.kind === 'customer' ? 50 : endpoint.kind === 'operator' ? 100 : 1000;
    const shown = (l: Latency) =>
      `p95 ${l.p95.toFixed(1)} ms (p50 ${l.p50.toFixed(1)}, n=${l.samples}${l.statuses ? `, ${l.statuses}` : ''})`;
    rows.push({
      figure: `${endpoint.label}${endpoint.kind === 'customer' ? ` [${endpoint.persona}]` : ''}`,
      target: `p95 <= ${limit} ms`,
      fresh: shown(f),
      seeded: shown(s),
      freshPass: f.p95 <= limit && !f.statuses,
      seededPass: s.p95 <= limit && !s.statuses,
    });
  }
  for (const pass of seededRun.passes) {
    const f = freshRun.passes.find((p) => p.job === pass.job);
    rows.push({
      figure: `one pass: ${pass.job}`,
      target: '(no target)',
      fresh: f ? passFigure(f) : 'n/a',
      seeded: passFigure(pass),
    });
  }
  const verdict = (pass: boolean | undefined) => (pass === undefined ? '' : pass ? 'PASS' : 'FAIL');
  const cells = rows.map((r) => [r.figure, r.target, r.fresh, verdict(r.freshPass), r.seeded, verdict(r.seededPass)]);
  const header = ['figure', 'target', 'fresh database', 'verdict', `seeded (--scale ${manifest.scale})`, 'verdict'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\nSeeded database (${manifest.databaseSize}): ${JSON.stringify(manifest.counts)}`);
  console.log(
    `Seeding took ${Object.entries(manifest.seedSeconds)
      .map(([step, s]) => `${step} ${s.toFixed(0)} s`)
      .join('; ')}`,
  );
  for (const note of [...freshRun.notes.map((n) => `fresh: ${n}`), ...seededRun.notes.map((n) => `seeded: ${n}`)])
    console.log(`note: ${note}`);
  console.log(
    `Idle chain node (the API's child, not counted above): fresh ${freshRun.idle.childCpu.toFixed(1)}% / ${freshRun.idle.childRssMb.toFixed(0)} MB, seeded ${seededRun.idle.childCpu.toFixed(1)}% / ${seededRun.idle.childRssMb.toFixed(0)} MB`,
  );
  console.log(
    "Job passes: every job on the platform's schedule, timed in the bench process on the built app through the schedule's runNow (not read from logs).\n",
  );
  console.log([line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.map(line)].join('\n'));
  const judgedRows = rows.filter((r) => r.seededPass !== undefined);
  const failed = judgedRows.filter((r) => !r.seededPass);
  const freshFailed = rows.filter((r) => r.freshPass === false).length;
  console.log(
    `\nbench:scale summary (--scale ${manifest.scale}): seeded ${judgedRows.length - failed.length} PASS, ${failed.length} FAIL of ${judgedRows.length} targets; fresh ${judgedRows.length - freshFailed} PASS, ${freshFailed} FAIL. Done in ${since()}.`,
  );
}
process.exit(0);

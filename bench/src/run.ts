/**
 * `npm run bench`: starts the built product on a fresh data dir (PGlite, then PostgreSQL, see
 * postgres.ts for which), makes verified customers through the public API and funds them, then
 * measures over HTTP on loopback, one customer per connection (64 on PostgreSQL, 8 on PGlite):
 * swaps and sells with the settlement backlog each leaves and its drain; on PostgreSQL the same
 * sells split across two API processes; the balance and history GETs beside a Fastify hello
 * world; the raw one-statement transfer rate of the same database; the ledger check and the
 * chain reconciliation. Each figure is printed as it comes, then a summary table and the
 * targets of issues 7 and 22 with PASS/FAIL (issue 22's as ratios within this one run).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, apiPaths } from '@qmgt/contracts';
import { ApiClient, fundCustomer, mapLimit, transactionStatus, verifiedCustomer, type Customer } from './client.js';
import { LoadConnection, failureReason } from './http.js';
import { runInterleaved, runLoad, type LoadResult, type Operation } from './load.js';
import { resolveBenchDatabaseUrl, vacuumAnalyze, withFreshDatabase, openTransactionCounter } from './postgres.js';
import {
  ROOT,
  countLogLines,
  installCleanup,
  logSize,
  onInterrupt,
  spawnTracked,
  stopChild,
  waitUntilListening,
  type Child,
} from './processes.js';
import { STREAMS_OPEN, STREAMS_PER_CUSTOMER, openHabits } from './habits.js';
import { rawTransferRate } from './raw-transfer.js';
import { Report } from './report.js';
import {
  countHistories,
  ledgerCheck,
  measureDrain,
  openBacklogSource,
  reconciliation,
  type BacklogSource,
} from './settlement.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** How long the drain is followed after a load before it is reported as not drained. */
const DRAIN_TIMEOUT_SECONDS = Number(process.env.BENCH_DRAIN_TIMEOUT_SECONDS ?? 30);
const OPERATOR = { email: 'bench-operator@example.com', password: 'bench-operator-pass-1' };
const SELL_BODY = { amount: '0.01', minAmountOut: '0.000001' } as const;
/** The smallest purchase the pricing policy allows. */
const SWAP_USDT = 10;
/** Customers are made this many at a time: argon2 and the KYC flow are slow, the machine has 2 cores. */
const SETUP_CONCURRENCY = 8;
/** Funding assumes no scenario runs faster than this many operations a second, so that sells and swaps never run dry. */
const HEADROOM_OPS_PER_SECOND = 2000;

interface Target {
  label: 'PGlite' | 'PostgreSQL';
  databaseUrl: string | undefined;
  connections: number;
  ports: { api: number; second: number; hello: number };
  sells: { perSecond: number; p99Ms: number };
}

const report = new Report();
const logDir = mkdtempSync(path.join(os.tmpdir(), 'qmgt-bench-logs-'));

const api = (p: string) => `${API_BASE}${p}`;
const elapsedSince = (t0: number) => (performance.now() - t0) / 1000;

function apiEnv(dataDir: string, port: number, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    SANDBOX: 'true',
    RATE_LIMIT_AUTH_MAX: '100000000',
    DEPOSIT_CONFIRMATIONS: '1',
    DEPOSIT_SCAN_MS: '300',
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
  };
}

async function startApi(name: string, port: number, dataDir: string, databaseUrl: string | undefined) {
  const child = spawnTracked({
    name,
    // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: profiles the servers only.
    args: [
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
      path.join(ROOT, 'apps/api/dist/server.js'),
    ],
    env: apiEnv(dataDir, port, databaseUrl),
    logFile: path.join(logDir, `${name.replace(/\W+/g, '-')}.log`),
    port,
  });
  await waitUntilListening(child, api(apiPaths.health));
  return child;
}

async function startHelloWorld(port: number) {
  const child = spawnTracked({
    name: 'hello world',
    args: ['--import', 'tsx', path.join(ROOT, 'bench/src/hello-world.ts')],
    env: { ...process.env, PORT: String(port) },
    logFile: path.join(logDir, 'hello-world.log'),
    port,
  });
  await waitUntilListening(child, '/', 30_000);
  return child;
}

function sellOperation(connections: readonly LoadConnection[]): Operation {
  return async (worker) => {
    const response = await connections[worker]!.call('POST', api(apiPaths.sellToken), SELL_BODY, {
      'idempotency-key': randomUUID(),
    });
    return response.status === 200 || failureReason(response.status, response.text);
  };
}

function swapOperation(connections: readonly LoadConnection[]): Operation {
  return async (worker) => {
    const connection = connections[worker]!;
    const quote = await connection.call('POST', api(apiPaths.swapQuote), {
      from: 'USDT',
      to: 'QMGT',
      amount: String(SWAP_USDT),
    });
    if (quote.status !== 200) return `quote ${failureReason(quote.status, quote.text)}`;
    const { quoteId } = JSON.parse(quote.text) as { quoteId: string };
    const swap = await connection.call('POST', api(apiPaths.swap), { quoteId }, { 'idempotency-key': randomUUID() });
    return swap.status === 200 || failureReason(swap.status, swap.text);
  };
}

function getOperation(connections: readonly LoadConnection[], target: string): Operation {
  return async (worker) => {
    const response = await connections[worker]!.call('GET', target);
    return response.status === 200 || failureReason(response.status, response.text);
  };
}

/** How much each customer gets: enough USDT for the swap scenario and enough QMGT for every sell scenario. */
async function fundingPlan(operator: ApiClient, target: Target, sellScenarios: number) {
  // Sizing only, never money: a float is fine for "how much is enough".
  const { buy } = await operator.ok<{ buy: string }>('GET', apiPaths.goldPrice);
  const opsPerCustomer = (HEADROOM_OPS_PER_SECOND * SECONDS) / target.connections;
  const qmgt = opsPerCustomer * sellScenarios * Number(SELL_BODY.amount);
  const swapToQmgt = Math.max(SWAP_USDT, Math.ceil(qmgt * Number(buy) * 1.05));
  return { usdt: swapToQmgt + Math.ceil(opsPerCustomer * SWAP_USDT), swapToQmgt };
}

async function benchTarget(target: Target): Promise<void> {
  const { label, databaseUrl, connections: C } = target;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qmgt-bench-'));
  const forgetDataDir = onInterrupt(async () => rmSync(dataDir, { recursive: true, force: true }));
  const children: Child[] = [];
  const openConnections: LoadConnection[] = [];
  const connect = (origin: string, token?: string) => {
    const connection = new LoadConnection(origin, token);
    openConnections.push(connection);
    return connection;
  };
  let backlog: BacklogSource | undefined;
  let habits: { close(): void } | undefined;
  /** The one-process sells, judged against the raw transfer measured after the servers stop. */
  let sellResult: LoadResult | undefined;
  const failedCounter = databaseUrl ? await openTransactionCounter(databaseUrl) : undefined;
  try {
    const t0 = performance.now();
    const server = await startApi(`${label} API`, target.ports.api, dataDir, databaseUrl);
    children.push(server);
    const operator = new ApiClient(server.origin);
    operator.token = (
      await operator.ok<{ jwt: string }>('POST', apiPaths.login, {
        identifier: OPERATOR.email,
        password: OPERATOR.password,
      })
    ).jwt;

    // One customer per connection, reused by every scenario of this database.
    const customers = await mapLimit(Array.from({ length: C }), SETUP_CONCURRENCY, () =>
      verifiedCustomer(server.origin, operator),
    );
    const plan = await fundingPlan(operator, target, databaseUrl ? 2 : 1);
    const fundingSwaps = await mapLimit(customers, SETUP_CONCURRENCY, (c) =>
      fundCustomer(c, plan.usdt, plan.swapToQmgt),
    );
    // A sell burns QMGT at the customer's address: their QMGT must be minted there first.
    const settled = await waitForFunding(customers, fundingSwaps, 300);
    report.note(
      label,
      `setup: ${C} verified customers, each ${plan.usdt} USDT through the faucet and ${plan.swapToQmgt} USDT swapped to QMGT (${settled}/${C} funding swaps settled on chain), ${elapsedSince(t0).toFixed(0)} s`,
    );

    backlog = await openBacklogSource(operator, databaseUrl, customers);
    // BENCH_HABITS=1 (PostgreSQL): the scenarios run with issue 25's alerts stored and streams open.
    if (process.env.BENCH_HABITS === '1' && databaseUrl) {
      const needed = Math.max(0, STREAMS_OPEN / STREAMS_PER_CUSTOMER - customers.length);
      const watchers = await mapLimit(Array.from({ length: needed }), SETUP_CONCURRENCY, () =>
        verifiedCustomer(server.origin, operator),
      );
      const opened = await openHabits(server.origin, databaseUrl, [...customers, ...watchers]);
      habits = opened;
      for (const note of opened.notes) report.note(label, note);
    }
    report.note(label, `settlement backlog read from ${backlog.describe}`);
    const failedOperations = async () =>
      failedCounter ? (await failedCounter.read()).failed : (await countHistories(customers)).failed;

    const between = async () => {
      if (!databaseUrl) return;
      const seconds = await vacuumAnalyze(databaseUrl);
      console.log(
        `${label.padEnd(11)} VACUUM (ANALYZE) of the bench database before the next scenario: ${seconds.toFixed(1)} s`,
      );
    };

    /** A money scenario, then its backlog and drain and the operations it lost. */
    const moneyScenario = async (scenario: string, operation: Operation, sells: boolean) => {
      await between();
      const failedBefore = await failedOperations();
      const result = report.load(label, scenario, C, await runLoad(C, SECONDS, operation));
      const loadEnd = performance.now();
      const drain = await measureDrain(backlog!, loadEnd, DRAIN_TIMEOUT_SECONDS);
      const failed = (await failedOperations()) - failedBefore;
      report.check(
        label,
        `${scenario}: settlement backlog drains within 10 s`,
        `${drain.atEnd.pending} pending at the end of the load, ${
          drain.drainedAfter !== undefined
            ? `drained in ${drain.drainedAfter.toFixed(1)} s`
            : `${drain.last.pending} still pending after ${DRAIN_TIMEOUT_SECONDS} s`
        }; ${failed} operations failed (reversed) since the load began`,
        drain.drainedAfter !== undefined && drain.drainedAfter <= 10,
      );
      if (sells) {
        report.check(
          label,
          `${scenario}: >= ${target.sells.perSecond} sells/s at ${C} connections, p99 <= ${target.sells.p99Ms} ms`,
          `${result.perSecond.toFixed(0)}/s, p99 ${result.p99.toFixed(0)} ms, ${result.failures} failures`,
          result.perSecond >= target.sells.perSecond && result.p99 <= target.sells.p99Ms,
        );
      }
      return { result, drain, failed };
    };

    const customerConnections = customers.map((c) => connect(server.origin, c.token));
    const swaps = await moneyScenario(
      'swap: POST /swap/quote + /swap (10 USDT)',
      swapOperation(customerConnections),
      false,
    );
    const sells = await moneyScenario('POST /sell-token (0.01 QMGT)', sellOperation(customerConnections), true);
    sellResult = sells.result;
    if (!databaseUrl) {
      const p99 = Math.max(swaps.result.p99, sells.result.p99);
      report.check(
        label,
        'sells and swaps p99 <= 50 ms',
        `sells p99 ${sells.result.p99.toFixed(0)} ms, swaps p99 ${swaps.result.p99.toFixed(0)} ms`,
        p99 <= 50,
        22,
      );
    }

    if (databaseUrl) {
      // Same DATA_DIR: the second process attaches to the first one's anvil node (node.json).
      const second = await startApi(`${label} API 2`, target.ports.second, dataDir, databaseUrl);
      children.push(second);
      const logOffsets = [logSize(server.logFile), logSize(second.logFile)];
      const split = customers.map((c, i) => connect(i < C / 2 ? server.origin : second.origin, c.token));
      const {
        failed,
        drain,
        result: twoProcesses,
      } = await moneyScenario('POST /sell-token, two API processes', sellOperation(split), false);
      const scaling = sells.result.perSecond > 0 ? twoProcesses.perSecond / sells.result.perSecond : 0;
      report.check(
        label,
        'two API processes >= 1.0x one process, 0 failures',
        `${twoProcesses.perSecond.toFixed(0)}/s against ${sells.result.perSecond.toFixed(0)}/s = ${scaling.toFixed(2)}x; ${twoProcesses.failures} failed requests, ${failed} transactions failed`,
        scaling >= 1 && twoProcesses.failures === 0 && failed === 0,
        22,
      );
      const nonceLines =
        countLogLines(server.logFile, /nonce/i, logOffsets[0]) + countLogLines(second.logFile, /nonce/i, logOffsets[1]);
      report.check(
        label,
        'two API processes: zero failed or reversed operations',
        `${failed} transactions failed${drain.drainedAfter === undefined ? ' (not drained: more may fail later)' : ''}`,
        failed === 0 && drain.drainedAfter !== undefined,
      );
      report.check(
        label,
        'two API processes: zero nonce errors',
        `${nonceLines} lines matching /nonce/i in the servers' logs`,
        nonceLines === 0,
      );
      const senders = await Promise.all(
        [server, second].map(async (apiProcess) => {
          const answer = await new ApiClient(apiProcess.origin, operator.token).call<{ senderHere?: boolean }>(
            'GET',
            apiPaths.adminSettlement,
          );
          return answer.status === 200 ? answer.json.senderHere : undefined;
        }),
      );
      if (senders.every((s) => s !== undefined))
        report.note(
          label,
          `two API processes: settlement sender here? process 1 ${senders[0]}, process 2 ${senders[1]}`,
        );
      await stopChild(second);
    }

    // Reads last, on the history the money scenarios wrote, in turns with the hello world.
    const hello = await startHelloWorld(target.ports.hello);
    children.push(hello);
    const helloConnections = customers.map(() => connect(hello.origin));
    await between();
    const reads = [
      { scenario: 'Fastify hello world (child process)', operation: getOperation(helloConnections, '/') },
      {
        scenario: 'GET /api/get-qmgt-balance',
        operation: getOperation(customerConnections, api(apiPaths.qmgtBalance)),
      },
      {
        scenario: 'GET /api/transactions?type=QMGT&page=1&pageSize=20',
        operation: getOperation(customerConnections, `${api(apiPaths.transactions)}?type=QMGT&page=1&pageSize=20`),
      },
      { scenario: 'GET /api/getInfo', operation: getOperation(customerConnections, api(apiPaths.getInfo)) },
    ];
    const [helloWorld, balance, history] = (
      await runInterleaved(
        C,
        SECONDS,
        reads.map((r) => r.operation),
      )
    ).map((result, i) => report.load(label, reads[i]!.scenario, C, result));
    report.note(
      label,
      'the hello world and the GETs were measured in turns of 1 s, so outside load weighs on them alike',
    );
    await stopChild(hello);
    const ratio = (r: LoadResult) => (helloWorld!.perSecond > 0 ? (100 * r.perSecond) / helloWorld!.perSecond : 0);
    report.check(
      label,
      'balance GET >= 15% of the hello world',
      `${ratio(balance!).toFixed(1)}% (history GET ${ratio(history!).toFixed(1)}%)`,
      ratio(balance!) >= 15,
    );
    report.check(
      label,
      'history GET >= 15% of the hello world',
      `${ratio(history!).toFixed(1)}% (${history!.perSecond.toFixed(0)}/s against ${helloWorld!.perSecond.toFixed(0)}/s)`,
      ratio(history!) >= 15,
      22,
    );

    const check = await ledgerCheck(operator);
    report.check(
      label,
      'ledger balanced, no negative balance',
      `balanced=${check.balanced} nonNegative=${check.nonNegative} over ${check.entriesChecked} entries since the last check (${check.entries} in all) in ${check.calls} call(s), slowest ${Math.round(check.slowestMs)} ms`,
      check.balanced && check.nonNegative,
    );
    const chain = await reconciliation(operator);
    report.check(
      label,
      'on-chain supply equals the ledger',
      chain
        ? `matches=${chain.matches} onChain=${chain.onChainSupply} ledger=${chain.ledgerSupply} pendingNet=${chain.pendingNet} differences=${chain.differences.length}`
        : 'not available (GET /api/admin/chain/reconciliation answers 404)',
      chain?.matches,
    );
  } finally {
    habits?.close();
    await Promise.allSettled(openConnections.map((c) => c.close()));
    await backlog?.close();
    await failedCounter?.close();
    // The first process owns the chain node the second one attached to: stop in reverse order.
    for (const child of children.reverse()) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    forgetDataDir();
  }
  // With the server stopped, so that the pool of the baseline does not compete with the server's for connections.
  const raw = report.load(
    label,
    'raw 1-statement transfer (same db)',
    C,
    await rawTransferRate(databaseUrl, SECONDS, C),
  );
  if (databaseUrl && sellResult) {
    const share = raw.perSecond > 0 ? (100 * sellResult.perSecond) / raw.perSecond : 0;
    report.check(
      label,
      `sells at ${C} connections >= 35% of the raw one-statement transfer, p99 <= 100 ms`,
      `${share.toFixed(1)}% (${sellResult.perSecond.toFixed(0)}/s against ${raw.perSecond.toFixed(0)}/s), p99 ${sellResult.p99.toFixed(0)} ms`,
      share >= 35 && sellResult.p99 <= 100,
      22,
    );
  }
}

/** Waits until each funding swap is settled on chain (or failed); answers how many completed. */
async function waitForFunding(customers: Customer[], swapIds: string[], timeoutSeconds: number): Promise<number> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const statuses = new Array<string>(customers.length).fill('pending');
  while (statuses.includes('pending') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    await mapLimit(customers, SETUP_CONCURRENCY, async (c, i) => {
      if (statuses[i] === 'pending') statuses[i] = await transactionStatus(c, swapIds[i]!);
    });
  }
  return statuses.filter((s) => s === 'completed').length;
}

installCleanup();
const startedAt = performance.now();
const database = await resolveBenchDatabaseUrl();
const targets: Target[] = [
  {
    label: 'PGlite',
    databaseUrl: undefined,
    connections: 8,
    ports: { api: 3600, second: 3601, hello: 3602 },
    sells: { perSecond: 800, p99Ms: 50 },
  },
];
if (database.url)
  targets.push({
    label: 'PostgreSQL',
    databaseUrl: database.url,
    connections: 64,
    ports: { api: 3610, second: 3611, hello: 3612 },
    sells: { perSecond: 1000, p99Ms: 100 },
  });
const only = process.env.BENCH_ONLY?.toLowerCase();

console.log(
  `QMGT benchmark ${new Date().toISOString()}: ${SECONDS} s per scenario, ${os.cpus().length} cores (load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}), node ${process.version}, loopback; load generator in this process`,
);
console.log(`PostgreSQL: ${database.url ? database.url : 'skipped'} (${database.why}); server logs in ${logDir}`);

let aborted = 0;
for (const target of targets) {
  if (only && target.label.toLowerCase() !== only) continue;
  try {
    if (target.databaseUrl) {
      await withFreshDatabase(target.databaseUrl, (url) => benchTarget({ ...target, databaseUrl: url }));
    } else await benchTarget(target);
  } catch (error) {
    aborted++;
    report.note(target.label, `ABORTED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
report.printSummary();
console.log(`\nDone in ${elapsedSince(startedAt).toFixed(0)} s; server logs in ${logDir}`);
process.exit(aborted ? 1 : 0);

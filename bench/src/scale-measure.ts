/**
 * What `npm run bench:scale` measures on a running server: its idle CPU and memory (from
 * /proc), the latency of the customer lists and statements and the operator queues, and the
 * time a deposit takes to be credited; and, in the bench's own process, one pass of each
 * background job of the built app.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { apiPaths, toUnits } from '@qmgt/contracts';
import { Client } from 'undici';
import { ApiClient } from './client.js';
import { percentile } from './load.js';
import pg from 'pg';
import type { BuiltApp } from './scale-api.js';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks (100 on every common kernel). */
const TICKS_PER_SECOND = 100;

function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Children of `pid` (the API's anvil node and any worker processes). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) children.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // Gone already.
  }
  return children;
}

export interface IdleFigures {
  /** % of one core over the window. */
  apiCpu: number;
  apiRssMb: number;
  /** The API's child processes (the local chain node), for the record: not the API's own. */
  childCpu: number;
  childRssMb: number;
  windowSeconds: number;
}

/** CPU of `pid` (and apart, of its children) over `windowSeconds`, after waiting `settleSeconds`; RSS at the end. */
export async function measureIdle(pid: number, settleSeconds: number, windowSeconds: number): Promise<IdleFigures> {
  await sleep(settleSeconds * 1000);
  const children = childrenOf(pid);
  const childTicks = () => children.reduce((sum, child) => sum + cpuTicks(child), 0);
  const t0 = performance.now();
  const api0 = cpuTicks(pid);
  const child0 = childTicks();
  await sleep(windowSeconds * 1000);
  const seconds = (performance.now() - t0) / 1000;
  const percent = (ticks: number) => (100 * ticks) / TICKS_PER_SECOND / seconds;
  return {
    apiCpu: percent(cpuTicks(pid) - api0),
    apiRssMb: rssMb(pid),
    childCpu: percent(childTicks() - child0),
    childRssMb: children.reduce((sum, child) => sum + rssMb(child), 0),
    windowSeconds: seconds,
  };
}

export interface Latency {
  p50: number;
  p95: number;
  samples: number;
  /** Status codes other than 200, with counts ("404 x5"); empty when every answer was a 200. */
  statuses: string;
  bytes: number;
  /** The last answer's body when it is short JSON (a check's verdict), else undefined. */
  lastBody: string | undefined;
}

export interface LatencyOptions {
  /** At most this many timed requests (default 100)... */
  samples?: number;
  /** ...or as many as fit in this many seconds (default 10), but at least `minSamples` (default 3). */
  budgetSeconds?: number;
  minSamples?: number;
  /** One untimed request first (default true): a slow endpoint may skip it. */
  warmUp?: boolean;
}

/** Sequential GETs of `target` on one keep-alive connection, each timed from request to the answer's last byte. */
export async function measureLatency(
  origin: string,
  token: string,
  target: string,
  options: LatencyOptions = {},
): Promise<Latency> {
  const samples = options.samples ?? 100;
  const minSamples = options.minSamples ?? 3;
  const budget = (options.budgetSeconds ?? 10) * 1000;
  const client = new Client(origin, { pipelining: 1, headersTimeout: 300_000, bodyTimeout: 300_000 });
  const get = async () => {
    const response = await client.request({
      method: 'GET',
      path: target,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    return { status: response.statusCode, body };
  };
  try {
    if (options.warmUp ?? true) await get();
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let last = Buffer.alloc(0);
    const started = performance.now();
    while (latencies.length < samples && (latencies.length < minSamples || performance.now() - started < budget)) {
      const t0 = performance.now();
      const answer = await get();
      latencies.push(performance.now() - t0);
      last = answer.body;
      if (answer.status !== 200) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    latencies.sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      samples: latencies.length,
      statuses: [...statuses].map(([status, count]) => `${status} x${count}`).join(', '),
      bytes: last.length,
      lastBody: last.length < 2000 && last[0] === 0x7b ? last.toString('utf8') : undefined,
    };
  } finally {
    await client.close();
  }
}

/** A deposit's timing: from the transfer's sending, and from its block becoming final. */
export interface DepositTiming {
  /** Seconds from the faucet call to the credited balance: the chain's mining and finality included. */
  afterSent: number;
  /**
   * Seconds from the moment its block was seen final (DEPOSIT_CONFIRMATIONS deep, read from the
   * explorer's `confirmations`) to the credited balance: the watcher's part, which the target is
   * about ("within 10 s of its block being final").
   */
  afterFinal: number;
}

/**
 * Sends test USDT to the customer through the faucet (a real transfer on the local chain) and
 * polls, every 100 ms, the transfer's confirmations until its block is final and the customer's
 * balance until it shows the credit.
 */
export async function depositTiming(
  origin: string,
  token: string,
  confirmations: number,
  amount = '100',
): Promise<DepositTiming> {
  const customer = new ApiClient(origin, token);
  const usdt = async () => toUnits((await customer.ok<{ usdt: string }>('GET', apiPaths.qmgtBalance)).usdt, 'USDT');
  const before = await usdt();
  const t0 = performance.now();
  const { txHash } = await customer.ok<{ txHash: string }>(
    'POST',
    apiPaths.devFaucet,
    { asset: 'USDT', amount },
    { 'idempotency-key': randomUUID() },
  );
  const wanted = before + toUnits(amount, 'USDT');
  let finalAt: number | undefined;
  while (performance.now() - t0 < 120_000) {
    if (finalAt === undefined) {
      const seen = await customer.ok<{ confirmations: string }>('GET', apiPaths.explorerTx(txHash));
      if (Number(seen.confirmations) >= confirmations) finalAt = performance.now();
    }
    if ((await usdt()) >= wanted) {
      const now = performance.now();
      // Credited before the explorer was asked again: final no later than now.
      return { afterSent: (now - t0) / 1000, afterFinal: (now - (finalAt ?? now)) / 1000 };
    }
    await sleep(100);
  }
  return { afterSent: Number.POSITIVE_INFINITY, afterFinal: Number.POSITIVE_INFINITY };
}

export interface PassTiming {
  job: string;
  /** The first pass after the app was built, then a second one straight after it (warm). */
  seconds: number | undefined;
  again: number | undefined;
  note: string;
}

/**
 * One pass of each periodic job of the built app, twice in a row, one job after another,
 * through the platform schedule's own `runNow` (the pass exactly as its period runs it). The
 * jobs are the ones the app declared, as the schedule records them in `schedule_jobs`. A pass
 * still running after `capSeconds` is reported as such and left to finish.
 */
export async function timePasses(app: BuiltApp, databaseUrl: string, capSeconds: number): Promise<PassTiming[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let names: string[];
  try {
    names = (await client.query<{ name: string }>('SELECT name FROM schedule_jobs ORDER BY name')).rows.map(
      (r) => r.name,
    );
  } finally {
    await client.end();
  }
  const scheduled = (name: string) => async () => {
    // The app's own first tick may be running the job: wait for it, then run it ourselves.
    for (let waited = 0; !(await app.schedule.runNow(name)); waited += 100) {
      if (waited > 60_000) throw new Error('the job stayed busy for a minute');
      await sleep(100);
    }
  };
  const passes = names.map((name): [string, () => Promise<unknown>] => [name, scheduled(name)]);
  const once = async (run: () => Promise<unknown>): Promise<{ seconds: number | undefined; note: string }> => {
    const t0 = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      run().then(
        () => 'ok',
        (error: unknown) => `failed: ${error instanceof Error ? error.message.slice(0, 120) : String(error)}`,
      ),
      new Promise<string>((resolve) => (timer = setTimeout(() => resolve('cap'), capSeconds * 1000))),
    ]);
    clearTimeout(timer);
    if (outcome === 'cap') return { seconds: undefined, note: `still running after ${capSeconds} s` };
    return { seconds: (performance.now() - t0) / 1000, note: outcome === 'ok' ? '' : outcome };
  };
  const timings: PassTiming[] = [];
  for (const [job, run] of passes) {
    const first = await once(run);
    const second = first.seconds === undefined ? undefined : await once(run);
    timings.push({ job, seconds: first.seconds, again: second?.seconds, note: first.note || second?.note || '' });
  }
  return timings;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

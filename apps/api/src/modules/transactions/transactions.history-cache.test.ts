import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Transaction } from '@qmgt/contracts';
import { build, buildTwoProcesses, closeApps, type TestApp } from '../../test/build.js';
import { customerKit } from '../../test/customers.js';
import { get, signedInUser } from '../../test/factories.js';
import { until, within } from '../../test/within.js';
import { createHistoryCache } from './history-cache.js';

/*
 * The history GET's first pages are answered from memory (decision 025) and dropped whenever
 * the transactions trigger announces that a commit changed one of the customer's rows: the
 * answer after an operation returns, or after the settlement changes a status, is never the
 * page from before.
 */

describe('the history cache (rules)', () => {
  const setup = (options: Parameters<typeof createHistoryCache>[0] = {}) => {
    let clock = 0;
    const cache = createHistoryCache({ maxAgeMs: 1_000, monotonic: () => clock, ...options });
    const remember = (userId: string, shape: string, json: string) => cache.store(cache.begin(userId), shape, json);
    return { cache, remember, tick: (ms: number) => (clock += ms) };
  };

  it('believes nothing until its announcements are known to arrive, nor after they stop or come back', () => {
    const { cache, remember } = setup();
    remember('a', 'QMGT/20', 'one');
    expect(cache.lookup('a', 'QMGT/20')).toBeUndefined();
    cache.handlers.live(true);
    remember('a', 'QMGT/20', 'one');
    expect(cache.lookup('a', 'QMGT/20')).toBe('one');
    cache.handlers.live(false);
    expect(cache.lookup('a', 'QMGT/20')).toBeUndefined();
    // A read that began while the listener was down is not stored once it is back.
    const read = cache.begin('a');
    cache.handlers.live(true);
    cache.store(read, 'QMGT/20', 'read while down');
    expect(cache.lookup('a', 'QMGT/20')).toBeUndefined();
    // A reconnect drops what was remembered before it: what was announced meanwhile is unknown.
    remember('a', 'QMGT/20', 'one');
    cache.handlers.live(false);
    cache.handlers.live(true);
    expect(cache.lookup('a', 'QMGT/20')).toBeUndefined();
    expect(cache.chars).toBe(0);
  });

  it("drops every page of the customers announced, everyone's on '*'", () => {
    const { cache, remember } = setup();
    cache.handlers.live(true);
    remember('a', 'QMGT/20', 'a1');
    remember('a', '/20', 'a2');
    remember('b', 'QMGT/20', 'b1');
    cache.handlers.notify('a,c');
    expect(cache.lookup('a', 'QMGT/20')).toBeUndefined();
    expect(cache.lookup('a', '/20')).toBeUndefined();
    expect(cache.lookup('b', 'QMGT/20')).toBe('b1');
    cache.handlers.notify('*');
    expect(cache.lookup('b', 'QMGT/20')).toBeUndefined();
    expect(cache.chars).toBe(0);
  });

  it("never stores a read an announcement for its customer overtook; another customer's leaves it be", () => {
    const { cache } = setup();
    cache.handlers.live(true);
    const mine = cache.begin('a');
    const overtaken = cache.begin('a');
    cache.handlers.notify('b');
    cache.store(mine, 'QMGT/20', 'fresh');
    expect(cache.lookup('a', 'QMGT/20')).toBe('fresh');
    cache.handlers.notify('a');
    cache.store(overtaken, 'QMGT/20', 'stale');
    expect(cache.lookup('a', 'QMGT/20')).toBeUndefined();
    const everyone = cache.begin('c');
    cache.handlers.notify('*');
    cache.store(everyone, 'QMGT/20', 'stale');
    expect(cache.lookup('c', 'QMGT/20')).toBeUndefined();
  });

  it('forgets a page past its age, the least recently used customer past its size, and shapes past their count', () => {
    const { cache, remember, tick } = setup({ maxChars: 6, maxShapesPerCustomer: 2 });
    cache.handlers.live(true);
    remember('a', 'x', 'aa');
    tick(1_001);
    expect(cache.lookup('a', 'x')).toBeUndefined();
    expect(cache.chars).toBe(0);
    remember('a', 'x', 'aa');
    remember('b', 'x', 'bb');
    remember('c', 'x', 'cc');
    expect(cache.lookup('a', 'x')).toBe('aa'); // a is now the most recent
    remember('d', 'x', 'dd');
    expect(cache.lookup('b', 'x')).toBeUndefined();
    expect(cache.lookup('a', 'x')).toBe('aa');
    expect(cache.chars).toBeLessThanOrEqual(6);
    remember('a', 'y', 'y');
    remember('a', 'z', 'z');
    expect(cache.lookup('a', 'x')).toBeUndefined();
    expect(cache.lookup('a', 'z')).toBe('z');
  });
});

type Page = { data: Transaction[]; nextCursor: string | null };
/** The history page's statement (its prepared query reads the transactions table by customer). */
const pageReads = (log: string[]) =>
  log.filter((s) => /from "transactions" where \(?"transactions"."user_id" = \$1/.test(s));

describe('the history GET answered from memory', () => {
  let t: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    t = await build({}, { onQuery: (sql) => log.push(sql) });
  }, 120_000);
  afterAll(async () => t.close());
  const kit = customerKit(() => t);
  const history = async (token: string, query = 'type=QMGT&page=1&pageSize=20') => {
    const res = await get(t.app, `/transactions?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json<Page>();
  };
  /**
   * The page once it is remembered. On PostgreSQL an announcement reaches this process more
   * than once (each listening connection hands it over), and a read one overtakes is not kept:
   * the reads just after a customer's operation may all go to the database, soon one is kept.
   */
  const remembered = (token: string, query?: string) =>
    until(async () => {
      const page = await history(token, query);
      const from = log.length;
      expect(await history(token, query)).toEqual(page);
      return pageReads(log.slice(from)).length === 0 ? page : undefined;
    });

  it('reads a first page once, then from memory, and shows a sell on the GET right after its answer', async () => {
    const { token } = await kit.customer('100');
    await kit.buyQmgt(token, '50');
    const before = await remembered(token);
    expect(before.data).toHaveLength(1);
    const from = log.length;
    expect(await history(token)).toEqual(before);
    expect(await history(token, 'type=QMGT&pageSize=20')).toEqual(before); // page=1 or none: one page
    expect(pageReads(log.slice(from))).toHaveLength(0);

    const sell = await kit.send('/sell-token', { amount: '0.1', minAmountOut: '1' }, token);
    expect(sell.statusCode, sell.body).toBe(200);
    const sold = sell.json<{ transaction: Transaction }>().transaction;
    const after = await history(token);
    expect(after.data.map((r) => r.id)).toEqual([sold.id, before.data[0]!.id]);
    expect(after.data[0]).toEqual(sold);
  });

  it('shows a status change by the settlement, a reversal, and a change by plain SQL on the very next GET', async () => {
    const { token } = await kit.customer('100');
    await kit.buyQmgt(token, '20');
    const [swap] = (await history(token)).data;
    expect(swap).toMatchObject({ status: 'pending', txHash: null });
    await history(token);

    // What the settlement sender writes when it sends, then when the chain has taken it.
    const hash = `0x${'ab'.repeat(32)}`;
    await t.app.services.transactions.recordChainHash(t.database.db, [swap!.id], hash);
    expect((await history(token)).data[0]).toMatchObject({ txHash: hash, explorerUrl: expect.any(String) });
    await t.app.services.transactions.completeSettled(t.database.db, [swap!.id]);
    expect((await history(token)).data[0]).toMatchObject({ id: swap!.id, status: 'completed' });

    await t.database.executeSql(`UPDATE transactions SET status = 'failed', failure_reason = 'refused' WHERE id = $1`, [
      swap!.id,
    ]);
    expect((await history(token)).data[0]).toMatchObject({ status: 'failed', failureReason: 'refused' });
  });

  it("a change to one customer's rows leaves another's page remembered; later pages are always read", async () => {
    const alice = await kit.customer('100');
    const bob = await kit.customer('100');
    await remembered(alice.token, 'pageSize=1');
    const bobsPage = await remembered(bob.token, 'pageSize=1');
    await kit.buyQmgt(alice.token, '10');
    const from = log.length;
    expect(await history(bob.token, 'pageSize=1')).toEqual(bobsPage);
    expect(pageReads(log.slice(from))).toHaveLength(0);
    expect((await history(alice.token, 'pageSize=1')).data[0]).toMatchObject({ type: 'QMGT' });

    // A page after a cursor, or by number, is read each time.
    const first = await history(alice.token, 'pageSize=1');
    const next = log.length;
    await history(alice.token, `pageSize=1&cursor=${first.nextCursor}`);
    await history(alice.token, 'pageSize=1&page=2');
    expect(pageReads(log.slice(next))).toHaveLength(2);
  });
});

/** An empty-handed transaction of the customer's, written by plain SQL as any path could. */
async function insertTransaction(t: TestApp, userId: string): Promise<string> {
  const id = randomUUID();
  await t.database.executeSql(
    `INSERT INTO transactions (id, code, user_id, type, status) VALUES ($1, $2, $3, 'QMGT', 'completed')`,
    [id, `QM-${id.slice(0, 10).toUpperCase()}`, userId],
  );
  return id;
}

describe('the transactions trigger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  }, 120_000);
  afterAll(async () => t.close());

  it('announces at commit every customer whose rows changed, once each, and nothing of a rollback', async () => {
    const payloads = new Set<string>();
    const stop = await t.database.listen('transaction_changes', {
      // An update statement announces its customers in one payload ('a,c').
      notify: (payload) => payload.split(',').forEach((id) => payloads.add(id)),
      live: () => undefined,
    });
    try {
      const [a, b, c] = await Promise.all([1, 2, 3].map(async () => (await signedInUser(t.app)).user.id));
      const insert = (userId: string) =>
        `INSERT INTO transactions (code, user_id, type, status) VALUES ('QM-${randomUUID().slice(0, 10)}', '${userId}', 'QMGT', 'pending');`;
      // Both databases hand a NOTIFY to every listener; on PostgreSQL this process has several.
      const heard = async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const all = [...payloads];
        payloads.clear();
        return all;
      };
      await t.database.executeSql(
        `BEGIN; ${insert(a!)} ${insert(a!)} SAVEPOINT s; ${insert(b!)} ROLLBACK TO SAVEPOINT s; ${insert(c!)} COMMIT;`,
      );
      expect((await heard()).sort()).toEqual([a, c].sort());
      await t.database.executeSql(`BEGIN; ${insert(b!)} ROLLBACK;`);
      expect(await heard()).toEqual([]);
      // An update that changes nothing is no change; one that does is, for every row it changes.
      await t.database.executeSql(`UPDATE transactions SET status = status WHERE user_id = '${a}'`);
      expect(await heard()).toEqual([]);
      await t.database.executeSql(`UPDATE transactions SET status = 'completed' WHERE user_id IN ('${a}', '${c}')`);
      expect((await heard()).sort()).toEqual([a, c].sort());
    } finally {
      await stop();
    }
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('two API processes on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  const secondLog: string[] = [];
  beforeAll(async () => {
    ({ first, second } = await buildTwoProcesses((sql) => secondLog.push(sql)));
  }, 120_000);
  afterAll(async () => closeApps(second, first));
  const ids = async (app: TestApp, token: string) =>
    (await get(app.app, '/transactions?type=QMGT&page=1&pageSize=20', token)).json<Page>().data.map((r) => r.id);

  it('a row written through one is shown by the other within a second; until then it answered from memory', async () => {
    const { token, user } = await signedInUser(first.app);
    expect(await ids(second, token)).toEqual([]);
    const from = secondLog.length;
    expect(await ids(second, token)).toEqual([]);
    expect(pageReads(secondLog.slice(from))).toHaveLength(0);
    const id = await insertTransaction(first, user.id);
    expect(await within(1_000, async () => (await ids(second, token)).includes(id))).toBeLessThan(1_000);
    await first.database.executeSql(`UPDATE transactions SET status = 'failed' WHERE id = $1`, [id]);
    const status = async () =>
      (await get(second.app, '/transactions?type=QMGT&page=1&pageSize=20', token)).json<Page>().data[0]?.status;
    expect(await within(1_000, async () => (await status()) === 'failed')).toBeLessThan(1_000);
  });

  // The drop itself is the rules' test above (live false, then true): here the pool's connections,
  // which LISTEN too, still hand over a change made while the dedicated listener reconnects.
  it('a listener that loses its connection: a change made meanwhile shows, and pages are remembered again once it is back', async () => {
    const { token, user } = await signedInUser(first.app);
    expect(await ids(second, token)).toEqual([]);
    const killed = await first.database.executeSql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'qmgt-listen-transaction_changes'`,
    );
    expect(killed.rows.length).toBeGreaterThanOrEqual(2);
    const id = await insertTransaction(first, user.id);
    expect(await within(1_000, async () => (await ids(second, token)).includes(id))).toBeLessThan(1_000);
    // Listening again: pages are remembered again.
    await until(async () => {
      const listeners = await first.database.executeSql(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'qmgt-listen-transaction_changes'`,
      );
      return Number(listeners.rows[0]!.n) >= 2 ? true : undefined;
    });
    await until(async () => {
      await ids(second, token);
      const from = secondLog.length;
      await ids(second, token);
      return pageReads(secondLog.slice(from)).length === 0 ? true : undefined;
    });
  });
});

describe('the settlement on a chain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({}, { chain: true });
  }, 120_000);
  afterAll(async () => t.close());
  const kit = customerKit(() => t);

  it('its status change shows on the first page as soon as the transaction says so', async () => {
    const { token } = await kit.customer();
    await kit.faucet(token, '100');
    await kit.buyQmgt(token, '10');
    const page = async () =>
      (await get(t.app, '/transactions?type=QMGT&page=1&pageSize=20', token)).json<Page>().data[0]!;
    const swap = await page();
    expect(swap.status).toBe('pending');
    // The page is asked for all along (remembered in between); the moment the transaction's own
    // row says completed, the page says so too.
    const settled = await until(async () => {
      await page();
      const details = (await get(t.app, `/transaction-details/${swap.id}/QMGT`, token)).json<{
        transaction: Transaction;
      }>().transaction;
      return details.status === 'completed' ? details : undefined;
    });
    expect(await page()).toEqual(settled);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import { build, buildTwoProcesses, closeApps, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { within } from '../../test/within.js';
import { createBalanceCache } from './balance-cache.js';

describe('the balance cache (rules)', () => {
  const setup = () => {
    let clock = 0;
    const cache = createBalanceCache<string>({ maxEntries: 2, maxAgeMs: 1_000, monotonic: () => clock });
    return { cache, tick: (ms: number) => (clock += ms) };
  };

  it('believes nothing until its announcements are known to arrive, nor after they stop', () => {
    const { cache } = setup();
    cache.store('a', 'one', cache.generation, 0);
    expect(cache.lookup('a')).toBeUndefined();
    cache.handlers.live(true);
    cache.store('a', 'one', cache.generation, 0);
    expect(cache.lookup('a')).toBe('one');
    cache.handlers.live(false);
    expect(cache.lookup('a')).toBeUndefined();
  });

  it('drops the customers announced, all of them on "*", and never stores a read that an announcement overtook', () => {
    const { cache } = setup();
    cache.handlers.live(true);
    cache.store('a', 'one', cache.generation, 0);
    cache.store('b', 'two', cache.generation, 0);
    cache.handlers.notify('a,c');
    expect(cache.lookup('a')).toBeUndefined();
    expect(cache.lookup('b')).toBe('two');
    cache.handlers.notify('*');
    expect(cache.lookup('b')).toBeUndefined();

    const readSince = cache.generation;
    cache.handlers.notify('a');
    cache.store('a', 'stale', readSince, 0);
    expect(cache.lookup('a')).toBeUndefined();
  });

  it('forgets an entry older than its age limit, and the least recently used beyond its size', () => {
    const { cache, tick } = setup();
    cache.handlers.live(true);
    cache.store('a', 'one', cache.generation, 0);
    tick(1_001);
    expect(cache.lookup('a')).toBeUndefined();
    cache.store('a', 'one', cache.generation, 1_001);
    cache.store('b', 'two', cache.generation, 1_001);
    expect(cache.lookup('a')).toBe('one');
    cache.store('c', 'three', cache.generation, 1_001);
    expect(cache.lookup('b')).toBeUndefined();
    expect(cache.lookup('a')).toBe('one');
    expect(cache.lookup('c')).toBe('three');
  });
});

/** A deposit booked by plain SQL through the money engine's function, as any path could. */
async function depositBySql(t: TestApp, userId: string, usdt: string): Promise<void> {
  const op = {
    kind: 'deposit',
    userId,
    txHash: `0x${randomUUID().replace(/-/g, '')}`,
    logIndex: 0,
    amount: toUnits(usdt, 'USDT').toString(),
    blockNumber: '1',
    code: `DEP-${randomUUID().slice(0, 8)}`,
  };
  await t.database.executeSql('SELECT money_execute($1::jsonb)', [JSON.stringify(op)]);
}

const usdtOf = async (t: TestApp, token: string) =>
  (await get(t.app, '/get-qmgt-balance', token)).json<{ usdt: string }>().usdt;

const ledgerReads = (log: string[]) => log.filter((s) => /from "ledger_accounts"/.test(s));

describe('the balance GET answered from memory', () => {
  let t: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    t = await build({}, { onQuery: (sql) => log.push(sql) });
  });
  afterAll(async () => t.close());

  it('reads the ledger once, then from memory, and shows a change made by any path on the very next GET', async () => {
    const { token, user } = await signedInUser(t.app);
    const from = log.length;
    expect(await usdtOf(t, token)).toBe('0');
    expect(await usdtOf(t, token)).toBe('0');
    expect(ledgerReads(log.slice(from))).toHaveLength(1);

    await depositBySql(t, user.id, '25');
    expect(await usdtOf(t, token)).toBe('25');
    await depositBySql(t, user.id, '0.5');
    expect(await usdtOf(t, token)).toBe('25.5');
  });

  it('a change to one customer leaves another remembered', async () => {
    const alice = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    await usdtOf(t, alice.token);
    await usdtOf(t, bob.token);
    await depositBySql(t, alice.user.id, '3');
    const from = log.length;
    expect(await usdtOf(t, bob.token)).toBe('0');
    expect(ledgerReads(log.slice(from))).toHaveLength(0);
    expect(await usdtOf(t, alice.token)).toBe('3');
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('two API processes on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  const secondLog: string[] = [];
  beforeAll(async () => {
    ({ first, second } = await buildTwoProcesses((sql) => secondLog.push(sql)));
  });
  afterAll(async () => closeApps(second, first));

  it('a balance moved through one is shown by the other within a second; until then it answered from memory', async () => {
    const { token, user } = await signedInUser(first.app);
    expect(await usdtOf(second, token)).toBe('0');
    const from = secondLog.length;
    expect(await usdtOf(second, token)).toBe('0');
    expect(ledgerReads(secondLog.slice(from))).toHaveLength(0);
    await depositBySql(first, user.id, '7');
    expect(await within(1_000, async () => (await usdtOf(second, token)) === '7')).toBeLessThan(1_000);
  });
});

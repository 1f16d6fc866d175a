import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { loadConfig } from '../../config.js';
import type { ChainPort, Hex } from '../../adapters/chain/port.js';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { createDepositAddresses } from './deposit-addresses.js';
import { createDepositWatcher } from './deposits.js';

/*
 * The deposit watcher's cost follows the chain, not the customers: it asks the chain for the
 * USDT transfers of the new blocks (no address list), matches their recipients in the stored
 * deposit addresses, and gives addresses to customers once (on first show, or by the bounded
 * backfill for customers from before migration 0029).
 */

const USDT = (amount: string) => parseUnits(amount, 18);

let t: TestApp;
let chain: ChainPort;
beforeAll(async () => {
  // The app's own watcher is held back (an hour between passes): these tests run passes themselves.
  const base = loadConfig({ NODE_ENV: 'test' }).chain;
  t = await build(
    {
      chain: { ...base, enabled: true, confirmations: 1, scanMs: 3_600_000 },
      operator: { email: 'ops@deposits.test', password: 'operator-secret-1' },
    },
    { chain: true },
  );
  chain = t.app.chain!;
}, 120_000);
afterAll(async () => t?.close());

/** Every call the watcher makes on the chain port, with its arguments. */
function recordedChain() {
  const calls: { method: string; args: unknown[] }[] = [];
  const port = new Proxy(chain, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push({ method: String(property), args });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { port, calls };
}

function watcherOn(port: ChainPort, backfill?: { pageSize?: number; budgetMs?: number }) {
  const addresses = createDepositAddresses({ db: t.database.db, chain: port });
  const watcher = createDepositWatcher({
    db: t.database.db,
    chain: port,
    money: t.app.services.money,
    addresses,
    confirmations: 1n,
    ...(backfill ? { backfill } : {}),
  });
  return { watcher, addresses };
}

/** Customers as an existing database holds them: registered a day ago, no deposit address yet. */
async function existingCustomers(count: number): Promise<{ id: string; walletIndex: number }[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const { rows } = await t.database.executeSql(
    `INSERT INTO users (username, email, password_hash, user_hash, ref_code, created_at)
     SELECT 'bulk_${tag}_' || g, 'bulk_${tag}_' || g || '@example.com', 'not-a-hash', md5('${tag}' || g), '${tag}' || g,
            now() - interval '1 day'
       FROM generate_series(1, ${count}) AS g
     RETURNING id, wallet_index`,
  );
  return rows.map((r) => ({ id: String(r.id), walletIndex: Number(r.wallet_index) }));
}

async function walletIndexOf(userId: string): Promise<number> {
  const { rows } = await t.database.executeSql(`SELECT wallet_index FROM users WHERE id = $1`, [userId]);
  return Number(rows[0]!.wallet_index);
}

/** What the ledger credited the customer from chain deposits, in smallest units. */
async function deposited(userId: string): Promise<{ count: number; units: bigint }> {
  const { rows } = await t.database.executeSql(
    `SELECT count(*)::int AS count, coalesce(sum(amount), 0)::text AS units FROM chain_deposits WHERE user_id = $1`,
    [userId],
  );
  return { count: Number(rows[0]!.count), units: BigInt(String(rows[0]!.units)) };
}

async function usdtAvailable(userId: string): Promise<bigint> {
  const { rows } = await t.database.executeSql(
    `SELECT balance::text AS balance FROM ledger_accounts
      WHERE owner_user_id = $1 AND asset = 'USDT' AND purpose = 'available'`,
    [userId],
  );
  return BigInt(String(rows[0]?.balance ?? '0'));
}

/** Sends test USDT and waits until it is mined (1 confirmation: final at once). */
async function send(userIndex: number, amount: bigint): Promise<Hex> {
  const hash = await chain.faucetUsdt(chain.depositAddress(userIndex), amount);
  for (let i = 0; i < 200; i++) {
    if ((await chain.receipt(hash)).status !== 'pending') return hash;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the faucet transfer was not mined');
}

async function addressRows(): Promise<number> {
  const { rows } = await t.database.executeSql(`SELECT count(*)::int AS count FROM wallet_deposit_addresses`);
  return Number(rows[0]!.count);
}

describe('deposit addresses: derived once, backfilled by key', () => {
  it('fills the customers of an existing database once, a page a step, resuming where it stopped', async () => {
    // Everyone so far has an address; then a database from before migration 0029 adds 2,100.
    await watcherOn(chain).addresses.backfill({ budgetMs: 60_000 });
    const crowd = await existingCustomers(2_100);
    const recorder = recordedChain();
    const derivedIndexes = () =>
      recorder.calls.filter((c) => c.method === 'depositAddress').map((c) => c.args[0] as number);

    // budgetMs 0: one step per call. Each call is a new instance, as after a restart: the
    // position is the stored cursor, not memory.
    const step = () =>
      createDepositAddresses({ db: t.database.db, chain: recorder.port }).backfill({ pageSize: 1_000, budgetMs: 0 });
    expect(await step()).toEqual({ derived: 1_000, caughtUp: false });
    expect(await step()).toEqual({ derived: 1_000, caughtUp: false });
    expect(await step()).toEqual({ derived: 100, caughtUp: true });
    expect(new Set(derivedIndexes())).toEqual(new Set(crowd.map((c) => c.walletIndex)));
    expect(derivedIndexes()).toHaveLength(2_100);

    // Nothing is derived again, and the stored addresses are the derived ones.
    expect(await step()).toEqual({ derived: 0, caughtUp: true });
    expect(derivedIndexes()).toHaveLength(2_100);
    const sample = crowd[2_045]!;
    const { rows } = await t.database.executeSql(`SELECT address FROM wallet_deposit_addresses WHERE user_id = $1`, [
      sample.id,
    ]);
    expect(rows[0]!.address).toBe(chain.depositAddress(sample.walletIndex).toLowerCase());
  }, 120_000);

  it('keeps the deposit cursor until the backfill has caught up, so a deposit to a customer not yet filled is credited', async () => {
    const { watcher } = watcherOn(chain, { pageSize: 500, budgetMs: 0 });
    await watcher.scan();
    const crowd = await existingCustomers(1_200);
    const last = crowd.at(-1)!;
    await send(last.walletIndex, USDT('9.99'));
    // Passes 1 and 2 give addresses to 1,000 of them and hold the cursor; pass 3 reaches the
    // payee, matches the same range again and credits it.
    expect([await watcher.scan(), await watcher.scan(), await watcher.scan()]).toEqual([0, 0, 1]);
    expect(await deposited(last.id)).toEqual({ count: 1, units: USDT('9.99') });
    expect(await watcher.scan()).toBe(0);
  }, 120_000);

  it('shows an operator an address without storing it: the watcher credits customers only', async () => {
    const rows = await addressRows();
    const { rows: operators } = await t.database.executeSql(
      `SELECT id, wallet_index FROM users WHERE role = 'operator' LIMIT 1`,
    );
    const addresses = createDepositAddresses({ db: t.database.db, chain });
    const operator = {
      id: String(operators[0]!.id),
      walletIndex: Number(operators[0]!.wallet_index),
      role: 'operator',
    };
    expect(await addresses.ownAddress(operator)).toBe(chain.depositAddress(operator.walletIndex));
    expect(await addressRows()).toBe(rows);
    const customer = (await existingCustomers(1))[0]!;
    const first = await addresses.ownAddress({ ...customer, role: 'customer' });
    expect(first).toBe(chain.depositAddress(customer.walletIndex));
    expect(await addressRows()).toBe(rows + 1);
    expect(await addresses.owners([first.toUpperCase().replace('0X', '0x')])).toEqual(
      new Map([[first.toLowerCase(), customer.id]]),
    );
  });
});

describe('deposit watcher: follows the blocks, not the customers', () => {
  let recorder: ReturnType<typeof recordedChain>;
  let watcher: ReturnType<typeof watcherOn>['watcher'];
  beforeEach(async () => {
    recorder = recordedChain();
    ({ watcher } = watcherOn(recorder.port, { budgetMs: 60_000 }));
    // Whatever earlier tests left: every customer addressed, the cursor at the tip.
    await watcher.scan();
  });

  it('credits a deposit among thousands of customers with the same chain calls as among a few', async () => {
    const { user, token } = await signedInUser(t.app);
    const shown = (await get(t.app, `/getAccountAddress/${user.userHash}`, token)).json<{ data: string }>().data;
    expect(shown).toBe(chain.depositAddress(await walletIndexOf(user.id)));

    await send(await walletIndexOf(user.id), USDT('12.5'));
    recorder.calls.length = 0;
    expect(await watcher.scan()).toBe(1);
    const fewCustomers = recorder.calls.map((c) => c.method);
    expect(await usdtAvailable(user.id)).toBe(USDT('12.5'));

    const crowd = await existingCustomers(3_000);
    // The crowd gets its addresses once (the backfill); then a pass costs what it did before.
    await watcher.scan();
    expect(await addressRows()).toBeGreaterThanOrEqual(3_001);
    const payee = crowd[1_234]!;
    await send(payee.walletIndex, USDT('7'));
    await send(await walletIndexOf(user.id), USDT('0.5'));
    recorder.calls.length = 0;
    expect(await watcher.scan()).toBe(2);
    const manyCustomers = recorder.calls.map((c) => c.method);

    expect(manyCustomers).toEqual(fewCustomers);
    expect(manyCustomers).toEqual(['latestBlock', 'usdtTransfers']);
    // The log query names a block range only: no address list rides along with it.
    const logQuery = recorder.calls.find((c) => c.method === 'usdtTransfers')!;
    expect(logQuery.args).toHaveLength(2);
    expect(logQuery.args.every((arg) => typeof arg === 'bigint')).toBe(true);
    expect(recorder.calls.some((c) => c.args.some(Array.isArray))).toBe(false);
    expect(await usdtAvailable(payee.id)).toBe(USDT('7'));
    expect(await usdtAvailable(user.id)).toBe(USDT('13'));
  }, 120_000);

  it('credits a customer who registered after the watcher started, in the pass that first sees the deposit', async () => {
    const { user } = await signedInUser(t.app);
    // Never shown their address: the pass's backfill step gives it before it matches the blocks.
    const index = await walletIndexOf(user.id);
    await send(index, USDT('3'));
    expect(await watcher.scan()).toBe(1);
    expect(await deposited(user.id)).toEqual({ count: 1, units: USDT('3') });
    expect(await usdtAvailable(user.id)).toBe(USDT('3'));
  });

  it('credits nothing twice: the same range read again, or by a second watcher, finds rows already claimed', async () => {
    const { user } = await signedInUser(t.app);
    const before = BigInt(
      String(
        (await t.database.executeSql(`SELECT position::text AS p FROM scan_cursors WHERE name = 'usdt-deposits'`))
          .rows[0]!.p,
      ),
    );
    await send(await walletIndexOf(user.id), USDT('40'));
    expect(await watcher.scan()).toBe(1);
    // Another process's watcher, and this one after its cursor went back: the same logs again.
    await t.database.executeSql(`UPDATE scan_cursors SET position = $1 WHERE name = 'usdt-deposits'`, [
      before.toString(),
    ]);
    expect(await watcherOn(chain).watcher.scan()).toBe(0);
    await t.database.executeSql(`UPDATE scan_cursors SET position = $1 WHERE name = 'usdt-deposits'`, [
      before.toString(),
    ]);
    expect(await watcher.scan()).toBe(0);
    expect(await deposited(user.id)).toEqual({ count: 1, units: USDT('40') });
    expect(await usdtAvailable(user.id)).toBe(USDT('40'));
    expect(await t.app.services.ledger.check()).toMatchObject({ balanced: true, nonNegative: true });
  });

  it('does not credit USDT sent to an address that is no customer’s', async () => {
    const stranger = 2_000_000;
    await send(stranger, USDT('1'));
    expect(await watcher.scan()).toBe(0);
    const { rows } = await t.database.executeSql(`SELECT count(*)::int AS count FROM users WHERE wallet_index = $1`, [
      stranger,
    ]);
    expect(Number(rows[0]!.count)).toBe(0);
  });
});

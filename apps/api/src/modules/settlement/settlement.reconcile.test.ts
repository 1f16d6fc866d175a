import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { toUnits, type Asset } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import type { Address, ChainPort } from '../../adapters/chain/port.js';
import { createUser } from '../users/users.service.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { createSettlement, type Settlement } from './settlement.service.js';

/*
 * The chain reconciliation costs what changed (decision 013): a pass compares the supply (one
 * chain call) and asks the chain only about holders whose movements became final since the
 * last pass (and any still differing); the full sweep pages over every holder and resumes
 * from its stored key. The chain is a stand-in that records every question it is asked.
 */
let t: TestApp;
const ledger = () => createLedgerService(t.database.db);

const onChain = new Map<string, bigint>();
let supply = 0n;
const treasury = '0x00000000000000000000000000000000000000aa' as Address;
const depositAddress = (index: number) => `0x${(index + 1).toString(16).padStart(40, '0')}` as Address;
const chain = {
  treasury,
  depositAddress,
  balanceOf: vi.fn(async (_token: string, address: Address) => onChain.get(address) ?? 0n),
  qmgtTotalSupply: vi.fn(async () => supply),
};
const settlementFor = (): Settlement =>
  createSettlement({
    database: t.database,
    db: t.database.db,
    chain: chain as unknown as ChainPort,
    ledger: ledger(),
    transactions: t.app.services.transactions,
    confirmations: 1n,
    log: t.app.log,
  });

interface Holder {
  id: string;
  address: Address;
}
const holders: Holder[] = [];

beforeAll(async () => {
  t = await build();
  for (let i = 0; i < 5; i++) {
    const user = await createUser(t.database.db, {
      username: `recon_${i}_${Date.now()}`,
      email: `recon_${i}_${Date.now()}@example.com`,
      passwordHash: 'x',
    });
    const [row] = (await t.database.executeSql(`SELECT wallet_index FROM users WHERE id = $1`, [user.id])).rows as {
      wallet_index: number;
    }[];
    holders.push({ id: user.id, address: depositAddress(row!.wallet_index) });
  }
});
afterAll(async () => t.close());

/** QMGT into a customer's ledger account, as if bought (the issuer's treasury account pays). */
async function credit(userId: string, amount: bigint, asset: Asset = 'QMGT') {
  await t.database.db.transaction((tx) =>
    ledger().post(tx, { type: 'test_buy' }, [
      { account: { platform: 'treasury' }, asset, amount: -amount },
      { account: { userId, purpose: 'available' }, asset, amount },
    ]),
  );
}

/** A movement to the holder that became final on chain, as the sender records it. */
async function settledMint(userId: string, amount: bigint) {
  await t.database.executeSql(
    `INSERT INTO chain_movements (transaction_id, user_id, kind, amount, status, settled_at, settled_seq)
     VALUES ($1, $2, 'mint', $3, 'settled', now(), nextval('chain_movements_settled_seq'))`,
    [randomUUID(), userId, amount.toString()],
  );
}

/** Buys `amount` for the holder: in the ledger, on chain (balance and supply) and as a final movement. */
async function bought(holder: Holder, amount: bigint) {
  await credit(holder.id, amount);
  onChain.set(holder.address, (onChain.get(holder.address) ?? 0n) + amount);
  supply += amount;
  await settledMint(holder.id, amount);
}

const askedAbout = () => chain.balanceOf.mock.calls.map(([, address]) => address).sort();

describe('a reconciliation pass', () => {
  it('asks the chain only about holders touched since the last pass, and finds a difference in one', async () => {
    const settlement = settlementFor();
    const [a, b, c, d] = holders as [Holder, Holder, Holder, Holder];
    for (const holder of [a, b, c, d]) await bought(holder, 10n ** 18n);

    chain.balanceOf.mockClear();
    const first = await settlement.reconcileAndRecord();
    expect(first).toMatchObject({ matches: true, differences: [] });
    expect(askedAbout()).toEqual([a, b, c, d].map((h) => h.address).sort());

    // Nothing settled since: the supply alone, not one holder.
    chain.balanceOf.mockClear();
    chain.qmgtTotalSupply.mockClear();
    expect(await settlement.reconcileAndRecord()).toMatchObject({ matches: true, coverage: { lastPassHolders: 0 } });
    expect(chain.balanceOf).not.toHaveBeenCalled();
    expect(chain.qmgtTotalSupply).toHaveBeenCalledTimes(1);

    // b buys more; its chain balance is planted one unit short. c differs too, but nothing of c's moved.
    await bought(b, 5n);
    onChain.set(b.address, onChain.get(b.address)! - 1n);
    onChain.set(c.address, onChain.get(c.address)! + 7n);
    supply -= 1n;
    supply += 7n;
    chain.balanceOf.mockClear();
    const found = await settlement.reconcileAndRecord();
    expect(askedAbout()).toEqual([b.address]);
    expect(found.matches).toBe(false);
    expect(found.differences).toEqual([
      { address: b.address, userId: b.id, onChain: '1.000000000000000004', ledger: '1.000000000000000005' },
    ]);

    // The operator's view answers from what the passes found, without asking about any holder.
    chain.balanceOf.mockClear();
    const report = await settlement.report();
    expect(chain.balanceOf).not.toHaveBeenCalled();
    expect(report).toMatchObject({ matches: false, differences: found.differences });
    expect(report.coverage!.lastPassHolders).toBe(1);

    // A difference found is asked about again every pass until it is gone.
    onChain.set(b.address, onChain.get(b.address)! + 1n);
    supply += 1n;
    chain.balanceOf.mockClear();
    const cleared = await settlement.reconcileAndRecord();
    expect(askedAbout()).toEqual([b.address]);
    expect(cleared.differences).toEqual([]);
    expect((await settlement.report()).differences).toEqual([]);
  });

  it('compares the supply every pass, one chain call, and fails on a difference in it', async () => {
    const settlement = settlementFor();
    const ledgerSupply = await ledger().issued('QMGT');
    supply = ledgerSupply + 3n;
    chain.balanceOf.mockClear();
    chain.qmgtTotalSupply.mockClear();
    const result = await settlement.reconcileAndRecord();
    expect(chain.qmgtTotalSupply).toHaveBeenCalledTimes(1);
    expect(chain.balanceOf).not.toHaveBeenCalled();
    expect(result.matches).toBe(false);
    expect(result.differences).toEqual([]);
    expect(toUnits(result.ledgerSupply, 'QMGT')).toBe(ledgerSupply);
    expect((await settlement.report()).matches).toBe(false);
    supply = ledgerSupply;
    expect((await settlement.report()).matches).toBe(true);
  });
});

describe('a pass reading while money moves', () => {
  /** QMGT bought and booked, its mint waiting in the outbox (pending) or sent to the chain. */
  async function boughtUnsettled(holder: Holder, amount: bigint, status: 'pending' | 'sent') {
    await credit(holder.id, amount);
    const [row] = (
      await t.database.executeSql(
        `INSERT INTO chain_movements (transaction_id, user_id, kind, amount, status)
         VALUES ($1, $2, 'mint', $3, $4) RETURNING id::text`,
        [randomUUID(), holder.id, amount.toString(), status],
      )
    ).rows as { id: string }[];
    return row!.id;
  }
  const settle = (id: string) =>
    t.database.executeSql(
      `UPDATE chain_movements SET status = 'settled', settled_at = now(), settled_seq = nextval('chain_movements_settled_seq')
        WHERE id = $1`,
      [id],
    );

  it('finds no difference in a movement that became final between its reads of the ledger and of the chain', async () => {
    const d = holders[3]!;
    await bought(d, 1n); // touched: the pass asks about d
    const movement = await boughtUnsettled(d, 40n, 'pending');
    // The sender settles it while the pass waits for d's chain balance.
    chain.balanceOf.mockImplementationOnce(async (_token: string, address: Address) => {
      await settle(movement);
      onChain.set(d.address, onChain.get(d.address)! + 40n);
      supply += 40n;
      return onChain.get(address) ?? 0n;
    });
    const pass = await settlementFor().reconcileAndRecord();
    expect(askedAbout()).toContain(d.address);
    expect(pass.differences).toEqual([]);
    expect((await settlementFor().report()).differences.map((x) => x.address)).not.toContain(d.address);
  });

  it('leaves a holder whose movement is on its way to the chain to the pass after it is final', async () => {
    const d = holders[3]!;
    await bought(d, 1n);
    // Mined already, not yet confirmed to the ledger: the chain has it, the outbox says sent.
    const movement = await boughtUnsettled(d, 30n, 'sent');
    onChain.set(d.address, onChain.get(d.address)! + 30n);
    supply += 30n;
    chain.balanceOf.mockClear();
    const during = await settlementFor().reconcileAndRecord();
    expect(askedAbout()).toContain(d.address);
    expect(during.differences).toEqual([]);
    // Final now: the next pass asks about d again (touched) and finds it agrees.
    await settle(movement);
    chain.balanceOf.mockClear();
    const after = await settlementFor().reconcileAndRecord();
    expect(askedAbout()).toEqual([d.address]);
    expect(after.differences).toEqual([]);
  });

  it('still finds a difference that stays when nothing of the holder moves', async () => {
    const d = holders[3]!;
    await bought(d, 1n);
    onChain.set(d.address, onChain.get(d.address)! - 2n);
    supply -= 2n;
    const found = await settlementFor().reconcileAndRecord();
    expect(found.differences.map((x) => x.address)).toEqual([d.address]);
    // Put right for the sweep below.
    onChain.set(d.address, onChain.get(d.address)! + 2n);
    supply += 2n;
    expect((await settlementFor().reconcileAndRecord()).differences).toEqual([]);
  });
});

describe('the full sweep', () => {
  it('pages over every holder by key, resumes where it stopped, and finds what no pass touched', async () => {
    const [, , c, , e] = holders as [Holder, Holder, Holder, Holder, Holder];
    // c has differed since the first test (nothing of its moved); e holds QMGT on chain the ledger does not know of.
    onChain.set(e.address, 2n);
    supply += 2n;
    const customers = (
      (await t.database.executeSql(`SELECT id::text FROM users WHERE role = 'customer' ORDER BY id`)).rows as {
        id: string;
      }[]
    ).map((r) => r.id);
    expect(customers.length).toBe(5);

    chain.balanceOf.mockClear();
    const firstPage = await settlementFor().fullSweep({ pageSize: 2, maxPages: 1 });
    expect(firstPage).toMatchObject({ done: false, pages: 1, resumeAfter: customers[1] });
    const firstAsked = askedAbout();
    expect(firstAsked.length).toBeLessThanOrEqual(2);

    // Another instance (a restart) goes on from the stored key: no holder asked about twice.
    chain.balanceOf.mockClear();
    const rest = await settlementFor().fullSweep({ pageSize: 2 });
    expect(rest).toMatchObject({ done: true, pages: 2, resumeAfter: null });
    const restAsked = askedAbout();
    expect(restAsked.filter((address) => firstAsked.includes(address))).toEqual([]);
    // Every customer with QMGT in the ledger, and the treasury at the end; e (nothing in the ledger) is not asked about.
    expect([...firstAsked, ...restAsked].sort()).toEqual(
      [...holders.slice(0, 4).map((h) => h.address), treasury].sort(),
    );

    const report = await settlementFor().report();
    expect(report.differences.map((d) => d.address)).toEqual([c.address]);
    expect(report.coverage!.lastSweepAt).not.toBeNull();

    // Done: the next sweep starts over from the first customer.
    chain.balanceOf.mockClear();
    expect(await settlementFor().fullSweep({ pageSize: 2, maxPages: 1 })).toMatchObject({
      done: false,
      resumeAfter: customers[1],
    });
  });
});

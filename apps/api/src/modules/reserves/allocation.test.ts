import { describe, expect, it } from 'vitest';
import {
  fromUnits,
  toUnits,
  type BarAllocationResponse,
  type Reserves,
  type VaultBar,
  type VaultBarsResponse,
} from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { customerKitWithOperator } from '../../test/customers.js';
import { shareOf } from './allocation.rules.js';

let t: TestApp;
let operatorToken: string;
const { customer, buyQmgt, convertToGold, send, ledgerIsSound } = customerKitWithOperator((built) => {
  ({ t, operatorToken } = built);
});
const g = (v: string) => toUnits(v, 'GOLD');

const post = (url: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${operatorToken}` },
  });
const addBar = async (serial: string, fineGrams: string) => {
  const res = await post('/admin/vault-bars', { serial, refinery: 'Valcambi', fineGrams });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ bar: VaultBar }>().bar;
};
const mine = async (token: string, query = '') => {
  const res = await get(t.app, `/reserves/allocation${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BarAllocationResponse>();
};
const reserves = async () => (await get(t.app, '/reserves')).json<Reserves>();

/** Grams in a customer's GSA: QMGT bought for `usdt`, `qmgt` of it converted to grams. */
async function gramsFor(usdt: string, qmgt: string) {
  const session = await customer(usdt);
  await buyQmgt(session.token, usdt);
  await convertToGold(session.token, qmgt);
  const grams = (await get(t.app, '/balances', session.token)).json<{ GOLD: { available: string } }>().GOLD.available;
  return { ...session, grams };
}

/** The pass, then the ledger check and the allocation's: every account's rows and remainder equal its balance. */
async function passAndCheck() {
  const allocation = t.app.services.reserves.allocation;
  // The pass reads entries older than a second (none still being written before them).
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const pass = await allocation.pass(60_000);
  expect(pass.caughtUp).toBe(true);
  const check = await allocation.check();
  expect(check.differing).toEqual([]);
  expect(check.allocated + check.unallocated).toBe(check.owed);
  expect(check.whole).toBe(check.owed);
  const r = await reserves();
  await t.app.services.reserves.snapshot();
  const after = await reserves();
  expect(toUnits(after.allocatedGrams, 'GOLD') + toUnits(after.unallocatedGrams, 'GOLD')).toBe(
    toUnits(after.ledgerGold, 'GOLD'),
  );
  await ledgerIsSound();
  return { check, before: r, after };
}

describe('bar allocation', () => {
  it('places the grams owed over the bars as they are added, corrected and withdrawn; each customer sees only theirs', async () => {
    // No bar yet: everything owed is unallocated (Ann's grams wait from the first pass, Bob's from the next).
    const ann = await gramsFor('1000', '5');
    await passAndCheck();
    const bob = await gramsFor('500', '3');
    let { check } = await passAndCheck();
    // Owed: the customers' grams and the platform's (Convert's fees in grams), all unallocated.
    expect(check.owed > g(ann.grams) + g(bob.grams)).toBe(true);
    expect(check.unallocated).toBe(check.owed);
    let annView = await mine(ann.token);
    expect(annView.data).toEqual([]);
    expect(annView.unallocatedGrams).toBe(ann.grams);
    expect(annView.computedAt).not.toBeNull();

    // A bar too small for all: Ann (waiting longest) first, then the platform's fees, then 1 g of Bob's.
    const small = check.owed - g(bob.grams) + g('1');
    const first = await addBar('AL-1', fromUnits(small, 'GOLD'));
    ({ check } = await passAndCheck());
    expect(check.allocated).toBe(small);
    annView = await mine(ann.token);
    expect(annView.data).toEqual([
      {
        barId: first.id,
        serial: 'AL-1',
        refinery: 'Valcambi',
        fineGrams: first.fineGrams,
        myGrams: ann.grams,
        share: shareOf(g(ann.grams), small),
      },
    ]);
    expect(annView.unallocatedGrams).toBe('0');
    let bobView = await mine(bob.token);
    expect(bobView.data.map((b) => b.myGrams)).toEqual(['1']);
    expect(g(bobView.unallocatedGrams)).toBe(g(bob.grams) - g('1'));

    // The public list pages by key and shows each bar's allocated grams.
    const second = await addBar('AL-2', '10000');
    await passAndCheck();
    const page1 = (await get(t.app, '/reserves/bars?pageSize=1')).json<VaultBarsResponse>();
    expect(page1.data.map((b) => [b.serial, b.allocatedGrams])).toEqual([['AL-1', first.fineGrams]]);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = (await get(t.app, `/reserves/bars?pageSize=1&cursor=${page1.nextCursor}`)).json<VaultBarsResponse>();
    expect(page2.data.map((b) => [b.serial, b.allocatedGrams])).toEqual([
      ['AL-2', fromUnits(g(bob.grams) - g('1'), 'GOLD')],
    ]);
    expect(page2.nextCursor).toBeNull();
    bobView = await mine(bob.token);
    expect(bobView.data.map((b) => b.serial)).toEqual(['AL-1', 'AL-2']);
    expect(bobView.unallocatedGrams).toBe('0');
    expect((await mine(bob.token, '?pageSize=1')).data.map((b) => b.serial)).toEqual(['AL-1']);

    // A bar whose fine grams fall (a delivery, a correction) gives up only what no longer fits.
    const cut = await post(`/admin/vault-bars/${first.id}/correct`, {
      serial: 'AL-1',
      refinery: 'Valcambi',
      fineGrams: '5',
    });
    expect(cut.statusCode, cut.body).toBe(200);
    ({ check } = await passAndCheck());
    expect(check.unallocated).toBe(0n);
    // Bob's gram there was placed last, so it moved (to AL-2); Ann's grams stay where they were.
    annView = await mine(ann.token);
    expect(annView.data.map((b) => [b.serial, b.myGrams])).toEqual([['AL-1', ann.grams]]);
    bobView = await mine(bob.token);
    expect(bobView.data.map((b) => [b.serial, b.myGrams])).toEqual([['AL-2', bob.grams]]);

    // Ann sells grams back to QMGT: her last placement is released first.
    const quote = (await send('/convert/quote', { from: 'GOLD', to: 'QMGT', amount: '1' }, ann.token, null)).json<{
      quoteId: string;
    }>();
    expect((await send('/convert', { quoteId: quote.quoteId }, ann.token)).statusCode).toBe(200);
    await passAndCheck();
    const annAfter = await mine(ann.token);
    expect(annAfter.data.map((b) => [b.serial, b.myGrams])).toEqual([
      ['AL-1', fromUnits(g(ann.grams) - g('1'), 'GOLD')],
    ]);

    // The big bar withdrawn: its grams move to what room is left, the rest waits.
    expect((await post(`/admin/vault-bars/${second.id}/withdraw`, {})).statusCode).toBe(200);
    const { check: last, after } = await passAndCheck();
    expect(last.allocated).toBe(g('5'));
    expect(after.allocatedGrams).toBe('5');
    expect(toUnits(after.unallocatedGrams, 'GOLD')).toBe(last.owed - g('5'));
    expect((await get(t.app, '/reserves/bars')).json<VaultBarsResponse>().data.map((b) => b.serial)).toEqual(['AL-1']);
    expect(after.barCount).toBe(1);
  }, 120_000);

  it('answers only the signed-in customer, and an empty list to one with no grams', async () => {
    expect((await get(t.app, '/reserves/allocation')).statusCode).toBe(401);
    const nobody = await signedInUser(t.app);
    const view = await mine(nobody.token);
    expect(view).toMatchObject({ data: [], unallocatedGrams: '0', nextCursor: null });
    expect((await get(t.app, '/reserves/allocation?cursor=nope', nobody.token)).statusCode).toBe(400);
    await addBar('AL-9', '1');
    await addBar('AL-10', '1');
    const page = (await get(t.app, '/admin/vault-bars?pageSize=1', operatorToken)).json<VaultBarsResponse>();
    expect(page.data).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
  });
});

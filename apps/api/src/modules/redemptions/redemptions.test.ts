import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  fromUnits,
  toUnits,
  type AdminRedemption,
  type AnnualStatement,
  type NotificationsResponse,
  type Redemption,
  type RedemptionProduct,
  type RedemptionQuote,
  type Reserves,
  type VaultBar,
} from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get } from '../../test/factories.js';
import { customerKitWithOperator } from '../../test/customers.js';
import { until } from '../../test/within.js';

/*
 * Physical redemption on the API (issue 26 part 2): the catalogue, the quote from the gold
 * savings account, the lock, the operator's review, shipping and delivery (the grams leave the
 * liabilities and a vault bar), a rejection and a cancel (the grams return), the refusals, and
 * the proof of reserves at every step: what the vault holds beyond what is owed never moves.
 */

let t: TestApp;
let operatorToken: string;
const { send, balances, customer, buyQmgt, convertToGold, ledgerIsSound } = customerKitWithOperator((built) => {
  ({ t, operatorToken } = built);
});
const g = (v: string) => (v.startsWith('-') ? -toUnits(v.slice(1), 'GOLD') : toUnits(v, 'GOLD'));

const ADDRESS = {
  fullName: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'United Kingdom',
  phone: '+44 20 7946 0000',
};

/** A verified customer holding about `grams` in the GSA: USDT deposited, swapped to QMGT, converted. */
async function customerWithGrams(grams: string) {
  const session = await customer('5000');
  const step = 10n ** 14n;
  const needed = (toUnits(grams, 'QMGT') * 1001n) / 995n + toUnits('0.01', 'QMGT');
  await buyQmgt(session.token, '4000');
  await convertToGold(session.token, fromUnits(((needed + step - 1n) / step) * step, 'QMGT'));
  const gsa = (await balances(session.token)).GOLD.available;
  expect(g(gsa)).toBeGreaterThanOrEqual(g(grams));
  return session;
}

async function addProduct(body: Partial<RedemptionProduct> = {}) {
  const res = await send(
    '/admin/redemption-products',
    { name: '1 g coin', fineGrams: '1', makingFeeUsdt: '5', deliveryFeeUsdt: '10', active: true, ...body },
    operatorToken,
    null,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ product: RedemptionProduct }>().product;
}

async function addBar(fineGrams: string) {
  const serial = `RD${randomUUID().slice(0, 8)}`;
  const res = await send('/admin/vault-bars', { serial, refinery: 'PAMP', fineGrams }, operatorToken, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ bar: VaultBar }>().bar;
}

const quote = (token: string, productId: string, quantity: unknown = 1) =>
  send('/redemptions/quote', { productId, quantity }, token, null);

async function quoted(token: string, productId: string, quantity = 1) {
  const res = await quote(token, productId, quantity);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RedemptionQuote>();
}

async function requested(token: string, productId: string, quantity = 1) {
  const q = await quoted(token, productId, quantity);
  const res = await send('/redemptions', { quoteId: q.quoteId, address: ADDRESS }, token);
  expect(res.statusCode, res.body).toBe(200);
  return { quote: q, redemption: res.json<{ redemption: Redemption }>().redemption };
}

/** The proof of reserves as a snapshot taken now: liabilities, vault, what is left over. */
async function reserves() {
  const r: Reserves = await t.app.services.reserves.snapshot();
  return { ledgerGold: g(r.ledgerGold), vault: g(r.vaultGrams), surplus: g(r.surplusGrams) };
}

const mine = async (token: string) => (await get(t.app, '/redemptions', token)).json<{ data: Redemption[] }>().data;
const feesGold = async () => {
  const result = await t.database.executeSql(
    `SELECT coalesce(sum(total), 0)::text AS b FROM ledger_totals WHERE asset = 'GOLD' AND purpose = 'fees'`,
  );
  return BigInt((result.rows as { b: string }[])[0]!.b);
};
const notices = (token: string, count: number) =>
  until(async () => {
    const page = (await get(t.app, '/notifications', token)).json<NotificationsResponse>();
    const ours = page.data.filter((n) => n.title.startsWith('Redemption'));
    return ours.length >= count ? ours : undefined;
  });

describe('physical redemption', () => {
  it('A redeems a 1 g coin: locked, approved, shipped, delivered; the grams leave the liabilities and the vault bar', async () => {
    const coin = await addProduct();
    const bar = await addBar('100');
    const { token, user } = await customerWithGrams('3');
    const start = await balances(token);
    const r0 = await reserves();

    // The customer's catalogue shows the coin; the quote turns the fees into grams at spot.
    const catalogue = (await get(t.app, '/redemptions/products', token)).json<{ data: RedemptionProduct[] }>().data;
    expect(catalogue.map((p) => p.id)).toContain(coin.id);
    const q = await quoted(token, coin.id);
    const price = toUnits(q.price, 'USDT');
    const feeGrams = (toUnits('15', 'USDT') * 10n ** 6n + price - 1n) / price;
    expect(q).toMatchObject({ quantity: 1, fineGrams: '1', makingFeeUsdt: '5', deliveryFeeUsdt: '10' });
    expect(g(q.feeGrams)).toBe(feeGrams);
    expect(g(q.grams)).toBe(g('1') + feeGrams);
    expect(new Date(q.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30_000);
    expect((await reserves()).surplus).toBe(r0.surplus);

    // Confirmed: the grams are locked (no change to what is owed or held).
    const res = await send('/redemptions', { quoteId: q.quoteId, address: ADDRESS }, token);
    expect(res.statusCode, res.body).toBe(200);
    const redemption = res.json<{ redemption: Redemption }>().redemption;
    expect(redemption).toMatchObject({
      status: 'requested',
      productName: '1 g coin',
      grams: q.grams,
      address: ADDRESS,
    });
    expect(redemption.code).toMatch(/^RD-/);
    const locked = await balances(token);
    expect(locked.GOLD.locked).toBe(q.grams);
    expect(g(locked.GOLD.available)).toBe(g(start.GOLD.available) - g(q.grams));
    expect(await reserves()).toEqual(r0);

    // The operator approves from the queue.
    const queue = (await get(t.app, '/admin/redemptions', operatorToken)).json<{ data: AdminRedemption[] }>();
    expect(queue.data.find((r) => r.id === redemption.id)).toMatchObject({
      username: user.username,
      status: 'requested',
    });
    const approved = await send(`/admin/redemptions/${redemption.id}/approve`, {}, operatorToken);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().redemption).toMatchObject({ status: 'approved' });
    expect((await balances(token)).GOLD.locked).toBe(q.grams);
    expect(await reserves()).toEqual(r0);

    // Shipped with a carrier and tracking number; not before it was approved, not twice.
    const fulfil = (await get(t.app, '/admin/redemptions/fulfilment', operatorToken)).json<{
      data: AdminRedemption[];
    }>();
    expect(fulfil.data.map((r) => r.id)).toContain(redemption.id);
    const early = await send(`/admin/redemptions/${redemption.id}/deliver`, {}, operatorToken);
    expect(early.statusCode).toBe(409);
    const ship = { carrier: 'DHL Express', trackingNumber: 'JD014600003828' };
    const shipped = await send(`/admin/redemptions/${redemption.id}/ship`, ship, operatorToken, null);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().redemption).toMatchObject({ status: 'shipped', ...ship });
    expect((await send(`/admin/redemptions/${redemption.id}/ship`, ship, operatorToken, null)).statusCode).toBe(409);
    expect(await reserves()).toEqual(r0);
    expect((await mine(token))[0]).toMatchObject({ id: redemption.id, status: 'shipped', ...ship });

    // Delivered: 1 g leaves the customer's liabilities and the bar; the fee grams are revenue.
    const feesBefore = await feesGold();
    const key = randomUUID();
    const delivered = await send(`/admin/redemptions/${redemption.id}/deliver`, {}, operatorToken, key);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().redemption).toMatchObject({ status: 'delivered' });
    const replay = await send(`/admin/redemptions/${redemption.id}/deliver`, {}, operatorToken, key);
    expect(replay.statusCode).toBe(200);
    expect((await send(`/admin/redemptions/${redemption.id}/deliver`, {}, operatorToken)).statusCode).toBe(409);
    const end = await balances(token);
    expect(end.GOLD.locked).toBe('0');
    expect(g(end.GOLD.available)).toBe(g(start.GOLD.available) - g(q.grams));
    expect((await feesGold()) - feesBefore).toBe(feeGrams);
    const r1 = await reserves();
    expect(r1.ledgerGold).toBe(r0.ledgerGold - g('1'));
    expect(r1.vault).toBe(r0.vault - g('1'));
    expect(r1.surplus).toBe(r0.surplus);
    const bars = (await get(t.app, '/admin/vault-bars', operatorToken)).json<{ data: VaultBar[] }>().data;
    expect(bars.find((b) => b.id === bar.id)?.fineGrams).toBe('99');

    // The customer follows every step, in the list, the history and the notifications.
    expect((await mine(token))[0]).toMatchObject({ status: 'delivered', carrier: 'DHL Express' });
    const history = (await get(t.app, '/transactions?type=REDEMPTION', token)).json();
    expect(history.data[0]).toMatchObject({
      type: 'REDEMPTION',
      status: 'completed',
      code: redemption.code,
      assetIn: 'GOLD',
      amountIn: q.grams,
      fee: q.feeGrams,
      feeAsset: 'GOLD',
    });
    const seen = await notices(token, 4);
    expect(seen.map((n) => n.title).sort()).toEqual(
      ['approved', 'delivered', 'received', 'shipped'].map((s) => `Redemption ${redemption.code} ${s}`).sort(),
    );
    expect(seen.find((n) => n.title.endsWith('shipped'))?.body).toContain('JD014600003828');

    // Every operator step audited.
    const audit = await t.database.executeSql(
      `SELECT action FROM audit_log WHERE detail LIKE $1 ORDER BY created_at, action`,
      [`%${redemption.code}%`],
    );
    expect((audit.rows as { action: string }[]).map((r) => r.action)).toEqual([
      'redemptions.request.approve',
      'redemptions.ship',
      'reserves.bar.reduce',
      'redemptions.deliver',
    ]);
    await ledgerIsSound();
  });

  it("the annual statement: a delivered redemption takes its grams' average cost away and realises no gain or loss", async () => {
    // Metal delivered is no sale: nothing was received for it, so no proceeds and no loss. The
    // grams (fine and fee) leave at average cost; what stays keeps the same cost per gram.
    const coin = await addProduct({ name: 'statement coin' });
    await addBar('100');
    const { token } = await customerWithGrams('3');
    const year = new Date().getUTCFullYear();
    const statement = async () => {
      const res = await get(t.app, `/statements/annual?year=${year}&pageSize=100`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AnnualStatement>();
    };
    const gold = (s: AnnualStatement) => s.gains.find((x) => x.asset === 'GOLD')!;
    const before = gold(await statement());
    const { redemption, quote: q } = await requested(token, coin.id);
    expect((await send(`/admin/redemptions/${redemption.id}/approve`, {}, operatorToken)).statusCode).toBe(200);
    const ship = { carrier: 'DHL Express', trackingNumber: 'JD014600000001' };
    expect((await send(`/admin/redemptions/${redemption.id}/ship`, ship, operatorToken, null)).statusCode).toBe(200);
    expect((await send(`/admin/redemptions/${redemption.id}/deliver`, {}, operatorToken)).statusCode).toBe(200);

    const after = await statement();
    const usdt = (v: string) => toUnits(v, 'USDT');
    expect(gold(after)).toMatchObject({
      disposed: before.disposed,
      proceedsUsdt: before.proceedsUsdt,
      costUsdt: before.costUsdt,
      gainUsdt: before.gainUsdt,
    });
    const left = g(before.heldAtClose) - g(q.grams);
    expect(g(gold(after).heldAtClose)).toBe(left);
    // Average cost: the cost that stays is the held cost times the share of grams that stayed.
    expect(usdt(gold(after).heldCostUsdt)).toBe(
      usdt(before.heldCostUsdt) - (usdt(before.heldCostUsdt) * g(q.grams)) / g(before.heldAtClose),
    );
    const delivered = after.movements.find((m) => m.kind === 'REDEMPTION')!;
    expect(delivered).toMatchObject({
      description: 'Physical redemption',
      code: redemption.code,
      changes: [{ asset: 'GOLD', amount: `-${q.grams}` }],
      realisedGainUsdt: null,
    });
    expect(after.movements.find((m) => m.kind === 'redemption.lock')).toMatchObject({
      description: 'Grams locked for a physical redemption',
      changes: [],
    });
  });

  it('a rejection returns the grams; the operator must give a reason', async () => {
    const coin = await addProduct({ name: '2.5 g bar', fineGrams: '2.5', makingFeeUsdt: '0', deliveryFeeUsdt: '0' });
    const { token } = await customerWithGrams('3');
    const start = await balances(token);
    const r0 = await reserves();
    const { redemption, quote: q } = await requested(token, coin.id);
    expect(q.feeGrams).toBe('0');
    const noReason = await send(`/admin/redemptions/${redemption.id}/reject`, {}, operatorToken);
    expect(noReason.statusCode).toBe(400);
    const rejected = await send(
      `/admin/redemptions/${redemption.id}/reject`,
      { reason: 'Address outside our delivery area' },
      operatorToken,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().redemption).toMatchObject({
      status: 'rejected',
      reason: 'Address outside our delivery area',
    });
    expect((await balances(token)).GOLD).toMatchObject({ available: start.GOLD.available, locked: '0' });
    expect(await reserves()).toEqual(r0);
    expect(
      (
        await send(
          `/admin/redemptions/${redemption.id}/ship`,
          { carrier: 'X', trackingNumber: 'Y' },
          operatorToken,
          null,
        )
      ).statusCode,
    ).toBe(409);
    const seen = await notices(token, 2);
    expect(seen.find((n) => n.title.endsWith('not approved'))?.body).toContain('Address outside our delivery area');
    await ledgerIsSound();
  });

  it('the customer cancels before approval (the grams return), only their own, only once', async () => {
    const coin = await addProduct();
    const { token } = await customerWithGrams('3');
    const other = await customerWithGrams('2');
    const start = await balances(token);
    const r0 = await reserves();
    const { redemption } = await requested(token, coin.id);

    // Another customer's id is not found, to read or to cancel; a malformed one is refused.
    expect((await get(t.app, `/redemptions/${redemption.id}`, other.token)).statusCode).toBe(404);
    expect((await send(`/redemptions/${redemption.id}/cancel`, {}, other.token)).statusCode).toBe(404);
    expect((await send(`/redemptions/${randomUUID()}/cancel`, {}, token)).statusCode).toBe(404);
    expect((await send('/redemptions/nope/cancel', {}, token)).statusCode).toBe(400);
    expect((await send(`/redemptions/${redemption.id}/cancel`, {}, token, null)).statusCode).toBe(400);
    expect((await get(t.app, `/redemptions/${redemption.id}`, token)).json().redemption.status).toBe('requested');

    const key = randomUUID();
    const cancelled = await send(`/redemptions/${redemption.id}/cancel`, {}, token, key);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().redemption).toMatchObject({ status: 'cancelled' });
    expect((await send(`/redemptions/${redemption.id}/cancel`, {}, token, key)).statusCode).toBe(200);
    expect((await send(`/redemptions/${redemption.id}/cancel`, {}, token)).statusCode).toBe(409);
    expect((await send(`/admin/redemptions/${redemption.id}/approve`, {}, operatorToken)).statusCode).toBe(409);
    expect((await balances(token)).GOLD).toMatchObject({ available: start.GOLD.available, locked: '0' });
    expect(await reserves()).toEqual(r0);
    await ledgerIsSound();
  });

  it('a cancel and an approval racing on one redemption: exactly one wins', async () => {
    const coin = await addProduct();
    const { token } = await customerWithGrams('3');
    const start = await balances(token);
    const { redemption, quote: q } = await requested(token, coin.id);
    const [cancel, approval] = await Promise.all([
      send(`/redemptions/${redemption.id}/cancel`, {}, token),
      send(`/admin/redemptions/${redemption.id}/approve`, {}, operatorToken),
    ]);
    expect([cancel.statusCode, approval.statusCode].sort()).toEqual([200, 409]);
    const after = await balances(token);
    if (cancel.statusCode === 200) expect(after.GOLD).toMatchObject({ available: start.GOLD.available, locked: '0' });
    else expect(after.GOLD.locked).toBe(q.grams);
    await ledgerIsSound();
  });

  it('bad input gets a clear 4xx and moves nothing', async () => {
    const coin = await addProduct();
    const gone = await addProduct({ name: 'Old coin', active: false });
    const { token } = await customerWithGrams('2');
    const other = await customerWithGrams('2');
    const holdings = async () => (await balances(token)).GOLD;
    const before = await holdings();
    const r0 = await reserves();

    for (const quantity of [0, -1, 1.5, '1', 101]) expect((await quote(token, coin.id, quantity)).statusCode).toBe(400);
    expect((await quote(token, 'not-a-uuid')).statusCode).toBe(400);
    expect((await quote(token, randomUUID())).statusCode).toBe(404);
    const inactive = await quote(token, gone.id);
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().error.message).toMatch(/no longer offered/);
    const greedy = await quote(token, coin.id, 50);
    expect(greedy.statusCode).toBe(422);
    expect(greedy.json().error.name).toBe('InsufficientFundsError');
    // The customer's catalogue leaves the inactive product out.
    const catalogue = (await get(t.app, '/redemptions/products', token)).json<{ data: RedemptionProduct[] }>().data;
    expect(catalogue.map((p) => p.id)).not.toContain(gone.id);

    const q = await quoted(token, coin.id);
    const confirm = (body: unknown, who = token, key: string | null = randomUUID()) =>
      send('/redemptions', body, who, key);
    // An address missing a line, or a junk phone.
    for (const field of ['fullName', 'line1', 'city', 'postalCode', 'country', 'phone'] as const) {
      const res = await confirm({ quoteId: q.quoteId, address: { ...ADDRESS, [field]: '  ' } });
      expect(res.statusCode, field).toBe(400);
    }
    expect((await confirm({ quoteId: q.quoteId, address: { ...ADDRESS, phone: 'call me' } })).statusCode).toBe(400);
    expect((await confirm({ quoteId: q.quoteId })).statusCode).toBe(400);
    // No Idempotency-Key; another customer's quote; an unknown quote.
    expect((await confirm({ quoteId: q.quoteId, address: ADDRESS }, token, null)).statusCode).toBe(400);
    expect((await confirm({ quoteId: q.quoteId, address: ADDRESS }, other.token)).statusCode).toBe(404);
    expect((await confirm({ quoteId: randomUUID(), address: ADDRESS })).statusCode).toBe(404);
    // Expired: 422 like other expired quotes.
    await t.database.executeSql(`UPDATE redemption_quotes SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      q.quoteId,
    ]);
    const expired = await confirm({ quoteId: q.quoteId, address: ADDRESS });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.name).toBe('QuoteExpiredError');
    // A product withdrawn from the catalogue after the quote.
    const q2 = await quoted(token, coin.id);
    const edit = await send(
      `/admin/redemption-products/${coin.id}/edit`,
      { ...coin, active: false },
      operatorToken,
      null,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const withdrawn = await confirm({ quoteId: q2.quoteId, address: ADDRESS });
    expect(withdrawn.statusCode).toBe(422);
    expect(withdrawn.json().error.message).toMatch(/no longer offered/);
    // Grams spent elsewhere after the quote.
    const spare = await addProduct();
    const q3 = await quoted(token, spare.id);
    await t.database.executeSql(`UPDATE redemption_quotes SET fine_grams = fine_grams * 100 WHERE id = $1`, [
      q3.quoteId,
    ]);
    const poor = await confirm({ quoteId: q3.quoteId, address: ADDRESS });
    expect(poor.statusCode).toBe(422);
    expect(poor.json().error.name).toBe('InsufficientFundsError');

    expect(await holdings()).toEqual(before);
    expect(await mine(token)).toEqual([]);
    expect(await reserves()).toEqual(r0);

    // A used quote: once only.
    const q4 = await quoted(token, spare.id);
    expect((await confirm({ quoteId: q4.quoteId, address: ADDRESS })).statusCode).toBe(200);
    const again = await confirm({ quoteId: q4.quoteId, address: ADDRESS });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.name).toBe('QuoteUsedError');
    await ledgerIsSound();
  });

  it('delivery takes the metal from the bar the operator names, else refuses when no bar holds it; a bar used up is withdrawn', async () => {
    const big = await addProduct({ name: '5 g bar', fineGrams: '5', makingFeeUsdt: '1', deliveryFeeUsdt: '1' });
    const { token } = await customerWithGrams('6');
    const { redemption } = await requested(token, big.id);
    expect((await send(`/admin/redemptions/${redemption.id}/approve`, {}, operatorToken)).statusCode).toBe(200);
    expect(
      (
        await send(
          `/admin/redemptions/${redemption.id}/ship`,
          { carrier: 'Brinks', trackingNumber: 'BR-1' },
          operatorToken,
          null,
        )
      ).statusCode,
    ).toBe(200);
    // A small bar does not hold 5 g: refused, nothing moved.
    const small = await addBar('4');
    const r0 = await reserves();
    const refused = await send(`/admin/redemptions/${redemption.id}/deliver`, { barId: small.id }, operatorToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/does not hold the 5 g/);
    expect(await reserves()).toEqual(r0);
    expect(
      (await send(`/admin/redemptions/${redemption.id}/deliver`, { barId: randomUUID() }, operatorToken)).statusCode,
    ).toBe(409);

    const exact = await addBar('5');
    const r1 = await reserves();
    const delivered = await send(`/admin/redemptions/${redemption.id}/deliver`, { barId: exact.id }, operatorToken);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const bars = (await get(t.app, '/admin/vault-bars', operatorToken)).json<{ data: VaultBar[] }>().data;
    expect(bars.map((b) => b.id)).not.toContain(exact.id);
    expect(bars.find((b) => b.id === small.id)?.fineGrams).toBe('4');
    const r2 = await reserves();
    expect(r2.vault).toBe(r1.vault - g('5'));
    expect(r2.ledgerGold).toBe(r1.ledgerGold - g('5'));
    expect(r2.surplus).toBe(r1.surplus);
    await ledgerIsSound();
  });

  it('the catalogue is the operator’s: validated, audited, closed to customers', async () => {
    const { token } = await customer('0');
    expect((await get(t.app, '/admin/redemption-products', token)).statusCode).toBe(403);
    expect(
      (
        await send(
          '/admin/redemption-products',
          { name: 'x', fineGrams: '1', makingFeeUsdt: '0', deliveryFeeUsdt: '0', active: true },
          token,
          null,
        )
      ).statusCode,
    ).toBe(403);
    const bad = (body: object) =>
      send(
        '/admin/redemption-products',
        { name: '1 g coin', fineGrams: '1', makingFeeUsdt: '5', deliveryFeeUsdt: '10', active: true, ...body },
        operatorToken,
        null,
      );
    expect((await bad({ fineGrams: '0' })).statusCode).toBe(422);
    expect((await bad({ fineGrams: '1.0000001' })).statusCode).toBe(422);
    expect((await bad({ fineGrams: '-1' })).statusCode).toBe(400);
    expect((await bad({ name: ' ' })).statusCode).toBe(400);
    expect((await bad({ makingFeeUsdt: 'abc' })).statusCode).toBe(400);
    const product = await addProduct({ name: '10 g bar', fineGrams: '10' });
    const edited = await send(
      `/admin/redemption-products/${product.id}/edit`,
      { ...product, deliveryFeeUsdt: '12.5' },
      operatorToken,
      null,
    );
    expect(edited.json().product).toMatchObject({ deliveryFeeUsdt: '12.5' });
    expect(
      (await send(`/admin/redemption-products/${randomUUID()}/edit`, product, operatorToken, null)).statusCode,
    ).toBe(404);
    const all = (await get(t.app, '/admin/redemption-products', operatorToken)).json<{ data: RedemptionProduct[] }>()
      .data;
    expect(all.find((p) => p.id === product.id)).toMatchObject({ name: '10 g bar', deliveryFeeUsdt: '12.5' });
    const audit = await t.database.executeSql(`SELECT action FROM audit_log WHERE detail LIKE '10 g bar%'`);
    expect((audit.rows as { action: string }[]).map((r) => r.action).sort()).toEqual([
      'redemptions.product.add',
      'redemptions.product.edit',
    ]);
  });
});

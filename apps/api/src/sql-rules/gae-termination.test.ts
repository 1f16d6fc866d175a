import { describe, expect, it } from 'vitest';
import { GAE_EARLY_EXIT_FEE_BPS, toUnits } from '@qmgt/contracts';
import {
  QMGT_PER_MICROGRAM,
  earlyExitUntil,
  gaePrice,
  terminationPrice,
  terminationSummary,
  type TerminationFigures,
} from '../modules/gae/gae.rules.js';
import { transactionId } from '../test/sql-kit.js';
import { sqlRulesDatabase } from '../test/sql-rules-database.js';

/*
 * The GAE termination: terminationSummary() in gae.rules.ts computes the refund (grams x spot
 * x 0.98, the USDT value rounded DOWN; minus 5% ROUNDED UP while the plan is younger than 12
 * calendar months, i.e. before earlyExitUntil(openedAt), not a count of 365 days). The SQL
 * (money_op_gae_terminate, money_op_gae_termination_decide) decides none of it: it stores
 * and pays the figures it is given, refusing them when the plan's grams changed or the refund
 * is below the one the customer confirmed. So the test here is that what SQL books and pays
 * is to the unit what TypeScript computed, on both sides of the anniversary.
 */

let operator: string;
const { k } = sqlRulesDatabase({
  prepare: async (k) => {
    operator = await k.customer();
  },
});

const USDT = (v: string) => toUnits(v, 'USDT');
const BUY_SPOT = USDT('97.123456789');
const SPOT = USDT('103.456789123456789');
const DAY = 86_400_000;

/** A plan opened at `openedAt` by a GAE purchase of `amount` USDT. */
async function plan(openedAt: Date, amount = USDT('777.77')) {
  const userId = await k.customer();
  await k.deposit(userId, amount);
  const { answer, quote } = await k.buyGae(userId, amount, BUY_SPOT, openedAt);
  expect(answer.status).toBe(200);
  return { userId, planId: String(answer.planId), grams: quote.grams };
}

async function terminate(
  p: { userId: string; planId: string },
  f: TerminationFigures,
  now: Date,
  minRefund: bigint = f.refund,
) {
  return k.execute({
    kind: 'gae_terminate',
    userId: p.userId,
    planId: p.planId,
    code: k.code('TERMINATION'),
    currency: f.currency,
    minRefund: minRefund.toString(),
    grams: f.grams.toString(),
    spot: f.spot.toString(),
    price: f.price.toString(),
    gross: f.gross.toString(),
    earlyExit: f.earlyExit,
    earlyExitFee: f.earlyExitFee.toString(),
    refund: f.refund.toString(),
    now: now.toISOString(),
  });
}

const decide = (userId: string, terminationId: string, decision: 'approve' | 'reject', now: Date) =>
  k.execute({
    kind: 'gae_termination_decide',
    userId,
    terminationId,
    decision,
    operatorId: operator,
    reason: decision === 'reject' ? 'Not now.' : null,
    now: now.toISOString(),
  });

/** Files and approves at `now`; answers the TypeScript figures and what SQL stored and paid. */
async function terminateAndApprove(openedAt: Date, now: Date, currency: 'USDT' | 'QMGT', amount?: bigint) {
  const p = await plan(openedAt, amount);
  const f = terminationSummary({ grams: p.grams, spot: SPOT, openedAt, now, currency });
  const filed = await terminate(p, f, now);
  expect(filed.status).toBe(200);
  const [stored] = await k.rows(
    `SELECT early_exit, early_exit_fee::text AS fee, refund::text AS refund, gross::text AS gross, grams::text AS grams
       FROM gae_terminations WHERE id = $1`,
    [filed.terminationId],
  );
  const treasury = await k.balance(null, currency, 'treasury');
  const vault = await k.balance(null, 'GOLD', 'gold_vault');
  const approved = await decide(p.userId, String(filed.terminationId), 'approve', new Date(now.getTime() + 60_000));
  expect(approved.status).toBe(200);
  return {
    f,
    stored: {
      earlyExit: stored!.early_exit as boolean,
      fee: BigInt(String(stored!.fee)),
      refund: BigInt(String(stored!.refund)),
      gross: BigInt(String(stored!.gross)),
      grams: BigInt(String(stored!.grams)),
    },
    paid: await k.balance(p.userId, currency, 'available'),
    treasuryPaid: treasury - (await k.balance(null, currency, 'treasury')),
    vaultGot: (await k.balance(null, 'GOLD', 'gold_vault')) - vault,
    planGrams: await k.balance(p.userId, 'GOLD', 'gae_plan'),
    locked: await k.balance(p.userId, 'GOLD', 'locked'),
    tx: await k.transaction(transactionId(approved)),
  };
}

function expectBookedAsComputed(r: Awaited<ReturnType<typeof terminateAndApprove>>) {
  expect(r.stored).toEqual({
    earlyExit: r.f.earlyExit,
    fee: r.f.earlyExitFee,
    refund: r.f.refund,
    gross: r.f.gross,
    grams: r.f.grams,
  });
  expect(r.paid).toBe(r.f.refund);
  expect(r.treasuryPaid).toBe(r.f.refund);
  expect(r.vaultGot).toBe(r.f.grams);
  expect(r.planGrams).toBe(0n);
  expect(r.locked).toBe(0n);
  expect(r.tx).toMatchObject({
    type: 'TERMINATION',
    assetIn: 'GOLD',
    amountIn: r.f.grams,
    assetOut: r.f.currency,
    amountOut: r.f.refund,
    fee: r.f.earlyExitFee,
    feeAsset: r.f.currency,
  });
}

describe('GAE termination: what SQL books against terminationSummary()', () => {
  // 2027-03-01 + 12 months is 2028-03-01: 366 days, February 2028 has 29.
  const openedLeap = new Date('2027-03-01T10:00:00.000Z');
  // 2026-01-15 + 12 months is 2027-01-15: 365 days.
  const openedCommon = new Date('2026-01-15T10:00:00.000Z');

  it('the first year is 12 calendar months: 366 days across 29 February, 365 otherwise', () => {
    expect(earlyExitUntil(openedLeap).getTime() - openedLeap.getTime()).toBe(366 * DAY);
    expect(earlyExitUntil(openedCommon).getTime() - openedCommon.getTime()).toBe(365 * DAY);
  });

  it('day 365 of a plan whose year holds 29 February: still early, 5% fee rounded up, paid as computed', async () => {
    const r = await terminateAndApprove(openedLeap, new Date(openedLeap.getTime() + 365 * DAY), 'USDT');
    expect(r.f.earlyExit).toBe(true);
    // Rounded up: the fee is the least whole unit >= 5% of the gross.
    const exact = r.f.gross * BigInt(GAE_EARLY_EXIT_FEE_BPS);
    expect(exact % 10_000n).not.toBe(0n);
    expect(r.f.earlyExitFee * 10_000n >= exact && (r.f.earlyExitFee - 1n) * 10_000n < exact).toBe(true);
    expectBookedAsComputed(r);
  });

  it('day 366 of that plan (its anniversary, to the millisecond): no fee', async () => {
    const r = await terminateAndApprove(openedLeap, new Date(openedLeap.getTime() + 366 * DAY), 'USDT');
    expect(r.f.earlyExit).toBe(false);
    expect(r.f.earlyExitFee).toBe(0n);
    expect(r.f.refund).toBe(r.f.gross);
    expectBookedAsComputed(r);
  });

  it('one millisecond before the anniversary: early', async () => {
    const r = await terminateAndApprove(openedLeap, new Date(earlyExitUntil(openedLeap).getTime() - 1), 'USDT');
    expect(r.f.earlyExit).toBe(true);
    expectBookedAsComputed(r);
  });

  it('day 365 of a plan in a common year is its anniversary: no fee', async () => {
    const r = await terminateAndApprove(openedCommon, new Date(openedCommon.getTime() + 365 * DAY), 'USDT');
    expect(r.f.earlyExit).toBe(false);
    expectBookedAsComputed(r);
  });

  it('day 364 of a plan in a common year: early', async () => {
    const r = await terminateAndApprove(openedCommon, new Date(openedCommon.getTime() + 364 * DAY), 'USDT');
    expect(r.f.earlyExit).toBe(true);
    expectBookedAsComputed(r);
  });

  it('the gross is rounded down: the value of the grams at spot x 0.98, less than one unit short', async () => {
    const r = await terminateAndApprove(openedCommon, new Date(openedCommon.getTime() + 30 * DAY), 'USDT');
    const exact = r.f.grams * terminationPrice(SPOT);
    expect(exact % 1_000_000n).not.toBe(0n);
    expect(r.f.gross).toBe(exact / 1_000_000n);
    expectBookedAsComputed(r);
  });

  it('a QMGT refund, early: grams as QMGT x 0.98, minus 5% rounded up, minted to the customer', async () => {
    const r = await terminateAndApprove(openedCommon, new Date(openedCommon.getTime() + 100 * DAY), 'QMGT');
    expect(r.f.earlyExit).toBe(true);
    const gross = (r.f.grams * QMGT_PER_MICROGRAM * 9_800n) / 10_000n;
    expect(r.f.refund).toBe(gross - r.f.earlyExitFee);
    expectBookedAsComputed(r);
    const [movement] = await k.rows(`SELECT kind::text, amount::text FROM chain_movements WHERE transaction_id = (
      SELECT id FROM transactions WHERE type = 'TERMINATION' AND asset_out = 'QMGT' ORDER BY created_at DESC LIMIT 1)`);
    expect(movement).toEqual({ kind: 'mint', amount: r.f.refund.toString() });
  });

  it("the transaction's price is terminationPrice(spot) when the gross needed no rounding (2 whole grams)", async () => {
    const r = await terminateAndApprove(
      openedCommon,
      new Date(openedCommon.getTime() + 400 * DAY),
      'USDT',
      gaePrice(BUY_SPOT) * 2n,
    );
    expect(r.f.grams).toBe(2_000_000n);
    expect(r.tx.price).toBe(terminationPrice(SPOT));
  });

  // The approval books the price the refund was computed at (stored when filed), not one
  // re-derived from the rounded gross (it was one unit low whenever grams x price was not whole).
  it("the transaction's price is terminationPrice(spot) for any grams", async () => {
    const r = await terminateAndApprove(openedCommon, new Date(openedCommon.getTime() + 400 * DAY), 'USDT');
    expect((r.f.grams * terminationPrice(SPOT)) % 1_000_000n).not.toBe(0n);
    expect(r.tx.price).toBe(terminationPrice(SPOT));
  });
});

describe('GAE termination: the SQL refusals that guard the TypeScript figures', () => {
  const opened = new Date('2026-05-20T08:00:00.000Z');
  const now = new Date('2026-09-01T08:00:00.000Z');

  it('refuses a summary of other grams (409) and a refund below the confirmed one (422), moving nothing', async () => {
    const p = await plan(opened);
    const f = terminationSummary({ grams: p.grams, spot: SPOT, openedAt: opened, now, currency: 'USDT' });
    const stale = await terminate(p, { ...f, grams: f.grams - 1n }, now);
    expect(stale).toMatchObject({ status: 409 });
    const moved = await terminate(p, f, now, f.refund + 1n);
    expect(moved).toMatchObject({ status: 422, error: { name: 'PriceMovedError' } });
    expect(await k.balance(p.userId, 'GOLD', 'gae_plan')).toBe(p.grams);
    // Exactly the confirmed refund is taken.
    expect((await terminate(p, f, now, f.refund)).status).toBe(200);
    expect(await k.balance(p.userId, 'GOLD', 'locked')).toBe(p.grams);
    expect((await terminate(p, f, now)).status).toBe(409);
  });

  it('a rejection returns the grams to the plan, and nothing is paid', async () => {
    const p = await plan(opened);
    const f = terminationSummary({ grams: p.grams, spot: SPOT, openedAt: opened, now, currency: 'USDT' });
    const filed = await terminate(p, f, now);
    expect((await decide(p.userId, String(filed.terminationId), 'reject', now)).status).toBe(200);
    expect(await k.balance(p.userId, 'GOLD', 'gae_plan')).toBe(p.grams);
    expect(await k.balance(p.userId, 'GOLD', 'locked')).toBe(0n);
    expect(await k.balance(p.userId, 'USDT', 'available')).toBe(0n);
  });
});

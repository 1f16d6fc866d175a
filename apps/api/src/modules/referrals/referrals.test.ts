import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  fromUnits,
  toUnits,
  type AffiliatesResponse,
  type GaeQuote,
  type RewardsResponse,
  type SwapQuote,
  type Transaction,
} from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get } from '../../test/factories.js';
import { customerKitWithOperator } from '../../test/customers.js';
import { createReferralsService } from './referrals.service.js';

/*
 * A refers B, B refers C, C refers D. D's purchases reward C, B and A 5/2/1%. The 30-day
 * vesting is crossed with a controlled clock: a second referrals service over the same
 * engine and database, told a date 31 days ahead (sessions keep the real clock).
 */

let t: TestApp;
let operatorToken: string;
const { send, balances, customer, buyQmgt, ledgerIsSound } = customerKitWithOperator((built) => {
  ({ t, operatorToken } = built);
});
/** A verified customer registered with `ref`, holding `usdt`. */
const verified = (ref?: string, usdt = '0') => customer(usdt, { ref });

const rewards = async (token: string) => (await get(t.app, '/rewards', token)).json<RewardsResponse>();
const qmgt = (v: string) => toUnits(v, 'QMGT');

function later(days: number) {
  const { money, market, transactions } = t.app.services;
  return createReferralsService({
    db: t.database.db,
    money,
    market,
    policy: market.policy,
    transactions,
    now: () => new Date(Date.now() + days * 86_400_000),
  });
}
const claimOf = (scope: string) => ({ key: randomUUID(), scope, requestHash: randomUUID() });

describe('referral rewards', () => {
  it('credits three levels on each purchase, vests 30 days, then claims, pays out and sells', async () => {
    const a = await verified();
    const b = await verified(a.user.refCode);
    const c = await verified(b.user.refCode);
    const d = await verified(c.user.refCode, '1000');

    // D buys QMGT: 5% of the QMGT bought (gross of the fee) to C, 2% to B, 1% to A.
    const quote = (
      await send('/swap/quote', { from: 'USDT', to: 'QMGT', amount: '400' }, d.token, null)
    ).json<SwapQuote>();
    const swap = await send('/swap', { quoteId: quote.quoteId }, d.token);
    expect(swap.statusCode).toBe(200);
    const bought = qmgt(quote.amountOut) + qmgt(quote.fee);
    // ... and opens a gold plan: 5% of the grams bought, as QMGT (1 g = 1 QMGT).
    const gaeQuote = (await send('/gae/quote', { kind: 'GAE', amountUsdt: '300' }, d.token, null)).json<GaeQuote>();
    expect((await send('/gae/purchase', { quoteId: gaeQuote.quoteId }, d.token)).statusCode).toBe(200);
    const grams = toUnits(gaeQuote.grams, 'GOLD') * 10n ** 12n;

    const share = (units: bigint, bps: bigint) => (units * bps) / 10_000n;
    for (const [session, bps, level] of [
      [c, 500n, 1],
      [b, 200n, 2],
      [a, 100n, 3],
    ] as const) {
      const mine = await rewards(session.token);
      expect(mine.rewards).toHaveLength(2);
      expect(mine.rewards.every((r) => r.level === level && r.status === 'vesting')).toBe(true);
      expect(mine.rewards.map((r) => r.source.type).sort()).toEqual(['GAE', 'QMGT']);
      expect(mine.rewards.every((r) => r.source.username === d.user.username)).toBe(true);
      const total = share(bought, bps) + share(grams, bps);
      expect(qmgt(mine.totals.vesting)).toBe(total);
      // Promises until claimed: in the rewards balance, not the available one.
      expect(qmgt((await balances(session.token)).rewards.QMGT)).toBe(total);
      expect((await balances(session.token)).QMGT.available).toBe('0');
    }
    // No reward for one's own purchases: D has none; a sell rewards nobody.
    expect((await rewards(d.token)).rewards).toHaveLength(0);
    expect((await send('/sell-token', { amount: '0.1', minAmountOut: '1' }, d.token)).statusCode).toBe(200);
    expect((await rewards(c.token)).rewards).toHaveLength(2);

    // Affiliates: A sees B (1), C (2), D (3) with D's volume.
    const tree = (await get(t.app, '/affiliates', a.token)).json<AffiliatesResponse>();
    expect(tree.members.map((m) => [m.username, m.level])).toEqual([
      [b.user.username, 1],
      [c.user.username, 2],
      [d.user.username, 3],
    ]);
    expect(tree.members[2]!.volumeUsdt).toBe('700');
    expect(tree.levels).toEqual([
      { level: 1, count: 1, volumeUsdt: '0' },
      { level: 2, count: 1, volumeUsdt: '0' },
      { level: 3, count: 1, volumeUsdt: '700' },
    ]);

    // Not vested: a claim is refused and moves nothing.
    const [first, second] = (await rewards(c.token)).rewards;
    const early = await send('/claim-token', { rewardid: first!.id }, c.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/vests on/);
    // Another user's reward is not found.
    expect((await send('/claim-token', { rewardid: first!.id }, b.token)).statusCode).toBe(404);

    // 31 days later: C claims one (to available QMGT, minted), requests a payout of part of
    // the other (approved by the operator), and sells the rest for USDT.
    const future = later(31);
    const vested = await future.rewards(c.user.id, { pageSize: 100 });
    expect(vested.rewards.every((r) => r.status === 'claimable')).toBe(true);
    const claimed = await future.claim(c.user.id, first!.id, claimOf('/claim-token'));
    expect(claimed.transaction).toMatchObject({ type: 'REWARD', assetOut: 'QMGT', amountOut: first!.amountQmgt });
    await expect(future.claim(c.user.id, first!.id, claimOf('/claim-token'))).rejects.toMatchObject({ status: 409 });
    expect((await balances(c.token)).QMGT.available).toBe(first!.amountQmgt);

    const rest = qmgt(second!.amountQmgt);
    const half = rest / 2n;
    const request = await future.requestPayout(c.user.id, fmt(half), claimOf('/token-reward'));
    expect(request).toMatchObject({ status: 'pending', amountQmgt: fmt(half) });
    const queue = (await get(t.app, '/list-aun-request', operatorToken)).json<{ data: { id: string }[] }>();
    expect(queue.data.some((r) => r.id === request.id)).toBe(true);
    expect((await get(t.app, '/list-aun-request', c.token)).statusCode).toBe(403);
    const approved = await send(`/admin/reward-requests/${request.id}/approve`, {}, operatorToken);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request.status).toBe('approved');
    expect((await send(`/admin/reward-requests/${request.id}/reject`, { reason: 'x' }, operatorToken)).statusCode).toBe(
      409,
    );
    expect(qmgt((await balances(c.token)).QMGT.available)).toBe(qmgt(first!.amountQmgt) + half);

    // More than is vested: refused.
    await expect(
      future.sellVested(c.user.id, { amount: fmt(rest), minAmountOut: '0' }, claimOf('/sell-token-only-vesting')),
    ).rejects.toMatchObject({ status: 422 });
    const usdtBefore = toUnits((await balances(c.token)).USDT.available, 'USDT');
    const sold = await future.sellVested(
      c.user.id,
      { amount: fmt(rest - half), minAmountOut: '0.01' },
      claimOf('/sell-token-only-vesting'),
    );
    expect(sold.transaction).toMatchObject({ type: 'REWARD', assetIn: 'QMGT', assetOut: 'USDT' });
    expect(toUnits((await balances(c.token)).USDT.available, 'USDT')).toBe(
      usdtBefore + toUnits(sold.transaction.amountOut!, 'USDT'),
    );
    const after = await future.rewards(c.user.id, { pageSize: 100 });
    expect(after.totals).toMatchObject({ vesting: '0', claimable: '0', requested: '0' });
    expect(qmgt(after.totals.claimed) + qmgt(after.totals.paid) + qmgt(after.totals.sold)).toBe(
      qmgt(first!.amountQmgt) + rest,
    );
    expect((await balances(c.token)).rewards.QMGT).toBe('0');

    await ledgerIsSound();
  });

  it('a rejected payout request leaves the rewards claimable, with the reason', async () => {
    const a = await verified();
    const b = await verified(a.user.refCode, '500');
    await buyQmgt(b.token, '200');
    const future = later(31);
    const total = (await future.rewards(a.user.id, { pageSize: 100 })).totals.claimable;
    expect(qmgt(total)).toBeGreaterThan(0n);
    // Not vested yet today.
    const now = await send('/token-reward', { amount: total }, a.token);
    expect(now.statusCode).toBe(422);
    const request = await future.requestPayout(a.user.id, total, claimOf('/token-reward'));
    expect((await send(`/admin/reward-requests/${request.id}/reject`, {}, operatorToken)).statusCode).toBe(400);
    const rejected = await send(
      `/admin/reward-requests/${request.id}/reject`,
      { reason: 'Please complete bank verification first' },
      operatorToken,
    );
    expect(rejected.json().request).toMatchObject({
      status: 'rejected',
      reason: 'Please complete bank verification first',
    });
    expect((await future.rewards(a.user.id, { pageSize: 100 })).totals.claimable).toBe(total);
  });

  it('a purchase the chain refuses takes its unclaimed rewards back', async () => {
    const a = await verified();
    const b = await verified(a.user.refCode, '500');
    const quote = (
      await send('/swap/quote', { from: 'USDT', to: 'QMGT', amount: '100' }, b.token, null)
    ).json<SwapQuote>();
    const swap = (await send('/swap', { quoteId: quote.quoteId }, b.token)).json<{ transaction: Transaction }>()
      .transaction;
    expect((await rewards(a.token)).rewards).toHaveLength(1);
    const result = await t.database.executeSql(`SELECT money_compensate($1::uuid, 'refused by the chain') AS ok`, [
      swap.id,
    ]);
    expect(result.rows[0]).toEqual({ ok: true });
    const after = await rewards(a.token);
    expect(after.rewards[0]!.status).toBe('reversed');
    expect(after.totals.vesting).toBe('0');
    expect((await balances(a.token)).rewards.QMGT).toBe('0');
  });

  it('purchases by a downline and its uplines at once all succeed (one lock order, no deadlock)', async () => {
    const a = await verified(undefined, '2000');
    const b = await verified(a.user.refCode, '2000');
    const c = await verified(b.user.refCode, '2000');
    const buyers = [a, b, c, c, b, a, c, b, a, c, b, a, c, b, a];
    const quotes = await Promise.all(
      buyers.map(async (s) => ({
        s,
        quote: (await send('/swap/quote', { from: 'USDT', to: 'QMGT', amount: '50' }, s.token, null)).json<SwapQuote>(),
      })),
    );
    const results = await Promise.all(quotes.map(({ s, quote }) => send('/swap', { quoteId: quote.quoteId }, s.token)));
    expect(results.map((r) => r.statusCode)).toEqual(buyers.map(() => 200));
    // c's five purchases reward b (level 1) and a (level 2); b's five reward a (level 1).
    expect((await rewards(b.token)).rewards).toHaveLength(5);
    expect((await rewards(a.token)).rewards).toHaveLength(10);
    await ledgerIsSound();
  });

  it('pages and searches a large downline', async () => {
    const a = await verified();
    // 10,000 direct referrals, inserted directly (the sign-up path has its own tests).
    await t.database.executeSql(
      `INSERT INTO users (username, email, password_hash, ref_code, user_hash, upline_id, confirmed)
       SELECT 'bulk_' || md5(g::text || random()::text), 'bulk_' || md5(g::text || random()::text) || '@example.com', 'x',
              upper(substr(md5(g::text || random()::text), 1, 12)), md5(g::text || random()::text), $1::uuid, true
         FROM generate_series(1, 10000) AS g`,
      [a.user.id],
    );
    const page = (await get(t.app, '/affiliates?level=1&page=2&pageSize=50', a.token)).json<AffiliatesResponse>();
    expect(page.total).toBe(10_000);
    expect(page.members).toHaveLength(50);
    expect(page.levels[0]).toMatchObject({ level: 1, count: 10_000 });
    const one = page.members[0]!.username;
    const found = (await get(t.app, `/affiliates?search=${one.slice(5, 15)}`, a.token)).json<AffiliatesResponse>();
    expect(found.members.map((m) => m.username)).toContain(one);
    expect((await get(t.app, '/affiliates?level=4', a.token)).statusCode).toBe(400);
    // A search is not counted (total null): its matches page by key like the rest. One that
    // matches nobody walks 500 members a call (AFFILIATE_SEARCH_WALK) and says where to go on.
    const walked: AffiliatesResponse[] = [];
    let cursor: string | null = null;
    do {
      walked.push(
        (
          await get(t.app, `/affiliates?search=%25${cursor ? `&cursor=${cursor}` : ''}`, a.token)
        ).json<AffiliatesResponse>(),
      );
      cursor = walked.at(-1)!.nextCursor;
    } while (cursor && walked.length < 30);
    expect(walked.length).toBeGreaterThanOrEqual(20);
    expect(walked.length).toBeLessThanOrEqual(21);
    expect(walked.every((p) => p.members.length === 0 && p.total === null)).toBe(true);
    expect(cursor).toBeNull();
  });

  it("keeps each customer's totals per status equal to their rewards summed (after every flow above)", async () => {
    // Runs last: credits, splits, claims, payouts (paid and rejected), sales and reversals have happened.
    const truth = await t.database.executeSql(
      `SELECT beneficiary_id::text AS user_id, status, sum(amount)::text AS amount FROM referral_rewards
        GROUP BY 1, 2 HAVING sum(amount) <> 0 ORDER BY 1, 2`,
    );
    const kept = await t.database.executeSql(
      `SELECT user_id::text, status, amount::text FROM referral_reward_totals WHERE amount <> 0 ORDER BY 1, 2`,
    );
    expect(truth.rows.length).toBeGreaterThan(0);
    expect(kept.rows).toEqual(truth.rows);
  });
});

const fmt = (units: bigint) => fromUnits(units, 'QMGT');

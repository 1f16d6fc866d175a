import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toUnits, type SwapQuote, type Transaction } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { customerKit, sendWithKey } from '../../test/customers.js';
import { until } from '../../test/within.js';

let t: TestApp;
const OPERATOR = { email: 'ops@wallet.test', password: 'operator-secret-1' };
beforeAll(async () => {
  t = await build({ operator: OPERATOR }, { chain: true });
}, 120_000);
afterAll(async () => t.close());

const { customer: verifiedUser, faucet: fromFaucet } = customerKit(() => t);
const postWithKey = (app: FastifyInstance, url: string, body: unknown, token: string, key?: string) =>
  sendWithKey(app, 'POST', url, body, token, key);

const balance = async (token: string) =>
  (await get(t.app, '/get-qmgt-balance', token)).json<{ usdt: string; qmgt: string }>();

/** A verified customer holding `usdt` test USDT from the faucet. */
async function fundedUser(usdt: string) {
  const session = await verifiedUser();
  await fromFaucet(session.token, usdt);
  return session;
}

describe('wallet: faucet, deposit, swap, sell', () => {
  it('gives no test USDT to an operator, whose deposits nothing would credit', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: OPERATOR.email, password: OPERATOR.password },
    });
    const token = login.json<{ jwt: string }>().jwt;
    const faucet = await postWithKey(t.app, '/dev/faucet', { asset: 'USDT', amount: '250' }, token);
    expect(faucet.statusCode).toBe(403);
    expect(faucet.json().error.message).toBe(
      'The faucet is for customer wallets: an operator account holds no balance.',
    );
  });

  it('credits a faucet deposit once it is final, exactly once', async () => {
    const { token, user } = await verifiedUser();
    const address = (await get(t.app, `/getAccountAddress/${user.userHash}`, token)).json<{ data: string }>().data;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const faucet = await postWithKey(t.app, '/dev/faucet', { asset: 'USDT', amount: '250' }, token);
    expect(faucet.statusCode).toBe(200);
    expect(faucet.json().explorerUrl).toMatch(/^\/explorer\/tx\/0x[0-9a-f]{64}$/);
    await until(async () => ((await balance(token)).usdt === '250' ? true : undefined));
    // Further scans find the same log and credit nothing more.
    await new Promise((r) => setTimeout(r, 800));
    expect((await balance(token)).usdt).toBe('250');
    const deposits = (await get(t.app, '/transactions?type=DEPOSIT', token)).json<{
      data: Transaction[];
    }>();
    expect(deposits.data).toHaveLength(1);
    expect(deposits.data[0]).toMatchObject({
      type: 'DEPOSIT',
      status: 'completed',
      assetOut: 'USDT',
      amountOut: '250',
    });
  });

  it('swaps 100 USDT for QMGT showing price and fee first, settles on chain, sells part back', async () => {
    const { token, user } = await fundedUser('300');
    const quoteRes = await postWithKey(t.app, '/swap/quote', { from: 'USDT', to: 'QMGT', amount: '100' }, token);
    expect(quoteRes.statusCode).toBe(200);
    const quote = quoteRes.json<SwapQuote>();
    expect(quote).toMatchObject({ from: 'USDT', to: 'QMGT', amountIn: '100', feeAsset: 'QMGT' });
    expect(toUnits(quote.price, 'USDT')).toBeGreaterThan(0n);
    expect(new Date(quote.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30_000);

    const swap = await postWithKey(t.app, '/swap', { quoteId: quote.quoteId }, token, randomUUID());
    expect(swap.statusCode).toBe(200);
    const tx = swap.json<{ transaction: Transaction }>().transaction;
    expect(tx).toMatchObject({
      type: 'QMGT',
      status: 'pending',
      amountIn: '100',
      amountOut: quote.amountOut,
      fee: quote.fee,
    });
    expect(await balance(token)).toEqual({ usdt: '200', qmgt: quote.amountOut });

    const settled = await until(async () => {
      const details = (await get(t.app, `/transaction-details/${tx.id}/QMGT`, token)).json<{
        transaction: Transaction;
      }>().transaction;
      return details.status === 'completed' ? details : undefined;
    });
    expect(settled.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(settled.explorerUrl).toBe(`/explorer/tx/${settled.txHash}`);
    const onChain = (await get(t.app, `/explorer/tx/${settled.txHash}`)).json<{
      status: string;
      transfers: unknown[];
    }>();
    // The customer's QMGT is minted to their address; the fee's QMGT, platform-held, to the treasury's.
    const address = (await get(t.app, `/getAccountAddress/${user.userHash}`, token)).json<{ data: string }>().data;
    expect(onChain).toMatchObject({ status: 'success' });
    expect(onChain.transfers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ token: 'QMGT', to: address, amount: quote.amountOut }),
        expect.objectContaining({ token: 'QMGT', amount: quote.fee }),
      ]),
    );
    expect((await get(t.app, `/explorer/tx/0x${'ab'.repeat(32)}`)).statusCode).toBe(404);

    const sell = await postWithKey(t.app, '/sell-token', { amount: '0.1', minAmountOut: '1' }, token, randomUUID());
    expect(sell.statusCode).toBe(200);
    const sold = sell.json<{ transaction: Transaction }>().transaction;
    expect(sold).toMatchObject({ assetIn: 'QMGT', amountIn: '0.1', assetOut: 'USDT' });
    await until(async () =>
      (await get(t.app, `/transactions/QMGT/${sold.code}`, token)).json().transaction.status === 'completed'
        ? true
        : undefined,
    );
    const history = (await get(t.app, '/transactions?type=QMGT', token)).json<{ data: Transaction[] }>();
    expect(history.data).toHaveLength(2);
    expect(history.data[0]?.id).toBe(sold.id);
  });
});

describe('money safety', () => {
  it('replaying a swap with its key changes nothing; another body with the same key is refused', async () => {
    const { token } = await fundedUser('100');
    const quote = (
      await postWithKey(t.app, '/swap/quote', { from: 'USDT', to: 'QMGT', amount: '50' }, token)
    ).json<SwapQuote>();
    const key = randomUUID();
    const first = await postWithKey(t.app, '/swap', { quoteId: quote.quoteId }, token, key);
    const again = await postWithKey(t.app, '/swap', { quoteId: quote.quoteId }, token, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await balance(token)).usdt).toBe('50');
    const other = (
      await postWithKey(t.app, '/swap/quote', { from: 'USDT', to: 'QMGT', amount: '10' }, token)
    ).json<SwapQuote>();
    expect((await postWithKey(t.app, '/swap', { quoteId: other.quoteId }, token, key)).statusCode).toBe(422);
    // The same quote under a new key is a second execution: refused, the quote is spent.
    const reused = await postWithKey(t.app, '/swap', { quoteId: quote.quoteId }, token, randomUUID());
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.name).toBe('QuoteUsedError');
    expect((await postWithKey(t.app, '/swap', { quoteId: quote.quoteId }, token)).statusCode).toBe(400);
  });

  it('concurrent sells of one balance: exactly the affordable ones succeed', async () => {
    const { token } = await fundedUser('100');
    const quote = (
      await postWithKey(t.app, '/swap/quote', { from: 'USDT', to: 'QMGT', amount: '100' }, token)
    ).json<SwapQuote>();
    await postWithKey(t.app, '/swap', { quoteId: quote.quoteId }, token, randomUUID());
    const held = (await balance(token)).qmgt;
    const each = '0.1';
    // How many sells the balance covers, counted in whole units: no float in money maths, even in a test.
    let affordable = 0;
    for (let left = toUnits(held, 'QMGT'); left >= toUnits(each, 'QMGT'); left -= toUnits(each, 'QMGT')) affordable++;
    const results = await Promise.all(
      Array.from({ length: affordable + 3 }, () =>
        postWithKey(t.app, '/sell-token', { amount: each, minAmountOut: '0.000001' }, token, randomUUID()),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(affordable);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 422 && r.json().error.name === 'InsufficientFundsError')).toBe(true);
    expect((await get(t.app, '/admin/ledger/check', undefined)).statusCode).toBe(401);
    const check = await t.app.services.ledger.check();
    expect(check).toMatchObject({ balanced: true, nonNegative: true });
  });

  it('refuses expired and foreign quotes, junk and negative amounts, and other users’ transactions', async () => {
    const alice = await fundedUser('50');
    const bob = await verifiedUser();
    const quote = (
      await postWithKey(t.app, '/swap/quote', { from: 'USDT', to: 'QMGT', amount: '20' }, alice.token)
    ).json<SwapQuote>();
    expect((await postWithKey(t.app, '/swap', { quoteId: quote.quoteId }, bob.token, randomUUID())).statusCode).toBe(
      404,
    );
    await t.database.executeSql(
      `UPDATE swap_quotes SET expires_at = now() - interval '1 second' WHERE id = '${quote.quoteId}'`,
    );
    const expired = await postWithKey(t.app, '/swap', { quoteId: quote.quoteId }, alice.token, randomUUID());
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.message).toBe('This quote has expired. Please ask for a new one.');

    // Not a decimal string the document accepts (at most 18 decimals): 400.
    for (const amount of ['-5', 'abc', '1e3', '', '0.0000000000000000001']) {
      const res = await postWithKey(t.app, '/swap/quote', { from: 'USDT', to: 'QMGT', amount }, alice.token);
      expect(res.statusCode, amount).toBe(400);
    }
    // A decimal string the rules refuse: zero, or under the minimum (422).
    for (const amount of ['0', '9.99']) {
      const res = await postWithKey(t.app, '/swap/quote', { from: 'USDT', to: 'QMGT', amount }, alice.token);
      expect(res.statusCode, amount).toBe(422);
      expect(res.json().error.details.field, amount).toBe('amount');
    }
    expect(
      (await postWithKey(t.app, '/swap/quote', { from: 'USDT', to: 'USDT', amount: '10' }, alice.token)).statusCode,
      // A rule across fields, which the OpenAPI document cannot state: 422 (decision 005).
    ).toBe(422);
    expect(
      (await postWithKey(t.app, '/sell-token', { amount: '-1', minAmountOut: '1' }, alice.token, randomUUID()))
        .statusCode,
    ).toBe(400);
    expect((await balance(alice.token)).usdt).toBe('50');

    const deposit = (await get(t.app, '/transactions?type=DEPOSIT', alice.token)).json<{ data: Transaction[] }>()
      .data[0]!;
    expect((await get(t.app, `/transaction-details/${deposit.id}/DEPOSIT`, bob.token)).statusCode).toBe(404);
    expect((await get(t.app, `/transactions/DEPOSIT/${deposit.code}`, bob.token)).statusCode).toBe(404);
    expect((await get(t.app, `/getAccountAddress/${alice.user.userHash}`, bob.token)).statusCode).toBe(404);
  });

  it('a settlement the chain refuses is compensated: the transaction fails and the ledger is put back', async () => {
    const { token, user } = await verifiedUser();
    // QMGT in the ledger that was never minted on chain (as a reward credited off chain would be).
    await t.database.db.transaction((tx) =>
      t.app.services.ledger.post(tx, { type: 'test.grant' }, [
        { account: { platform: 'rewards_pool' }, asset: 'QMGT', amount: -toUnits('2', 'QMGT') },
        { account: { userId: user.id, purpose: 'available' }, asset: 'QMGT', amount: toUnits('2', 'QMGT') },
      ]),
    );
    const sell = await postWithKey(t.app, '/sell-token', { amount: '1', minAmountOut: '1' }, token, randomUUID());
    expect(sell.statusCode).toBe(200);
    const id = sell.json<{ transaction: Transaction }>().transaction.id;
    expect((await balance(token)).qmgt).toBe('1');
    const failed = await until(async () => {
      const details = (await get(t.app, `/transaction-details/${id}/QMGT`, token)).json<{ transaction: Transaction }>()
        .transaction;
      return details.status === 'failed' ? details : undefined;
    });
    expect(failed.failureReason).toBe('The chain refused the movement: the on-chain balance was short.');
    expect(await balance(token)).toEqual({ usdt: '0', qmgt: '2' });
    expect(await t.app.services.ledger.check()).toMatchObject({ balanced: true, nonNegative: true });
  });

  it('sends movements to the chain in ledger order, across a change in the number of digits (999, 1000, 1001)', async () => {
    const { token } = await fundedUser('100');
    const settlement = t.app.services.settlement!;
    // Held back so that the swap's mints and the sell's burn go out in one batch.
    await settlement.stop();
    try {
      const { rows } = await t.database.executeSql(`SELECT last_value::text AS last FROM chain_movements_seq_seq`);
      // The next power of ten above every seq so far: the swap's mint to the customer gets
      // boundary - 1, its fee mint the boundary, the sell's burn boundary + 1.
      const boundary = 10n ** BigInt(String(rows[0]!.last).length + 1);
      await t.database.executeSql(`SELECT setval('chain_movements_seq_seq', $1)`, [(boundary - 2n).toString()]);
      const quote = (
        await postWithKey(t.app, '/swap/quote', { from: 'USDT', to: 'QMGT', amount: '50' }, token)
      ).json<SwapQuote>();
      const swap = await postWithKey(t.app, '/swap', { quoteId: quote.quoteId }, token, randomUUID());
      expect(swap.statusCode).toBe(200);
      const sell = await postWithKey(
        t.app,
        '/sell-token',
        { amount: '0.1', minAmountOut: '0.000001' },
        token,
        randomUUID(),
      );
      expect(sell.statusCode).toBe(200);
      const { rows: movements } = await t.database.executeSql(
        `SELECT seq::text AS seq, kind::text AS kind FROM chain_movements WHERE seq >= $1 ORDER BY chain_movements.seq`,
        [(boundary - 1n).toString()],
      );
      expect(movements.map((m) => `${m.seq} ${m.kind}`)).toEqual([
        `${boundary - 1n} mint`,
        `${boundary} mint`,
        `${boundary + 1n} burn`,
      ]);
    } finally {
      settlement.start();
    }
    const ids = [
      (await get(t.app, '/transactions?type=QMGT&page=1&pageSize=2', token)).json<{ data: Transaction[] }>().data,
    ].flat();
    for (const { id } of ids) {
      const settled = await until(async () => {
        const details = (await get(t.app, `/transaction-details/${id}/QMGT`, token)).json<{
          transaction: Transaction;
        }>().transaction;
        return details.status === 'pending' ? undefined : details;
      });
      // Text order would send the burn (…1) before the mint (…9) and the chain would refuse it.
      expect(settled.status).toBe('completed');
    }
  });

  it('an unverified user cannot move money', async () => {
    const { token } = await signedInUser(t.app);
    const res = await postWithKey(t.app, '/swap/quote', { from: 'USDT', to: 'QMGT', amount: '10' }, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Complete your identity verification (KYC) to use your wallet.');
  });
});

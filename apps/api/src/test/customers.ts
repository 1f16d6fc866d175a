import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  toUnits,
  type BalancesResponse,
  type ConvertQuote,
  type GaeQuote,
  type SwapQuote,
  type Transaction,
} from '@qmgt/contracts';
import type { TestApp } from './build.js';
import { get, signedInUser } from './factories.js';
import { buildWithOperator } from './operator.js';
import { until } from './within.js';

/*
 * The money tests' customers on the API: verified customers holding USDT (credited by the
 * deposit operation without a chain, or by the faucet on one), POSTs with an Idempotency-Key,
 * balances, purchases, and the operator's ledger check each such file ends its tests with.
 */

/**
 * A request signed in with `token` (none when absent) carrying `key` as its Idempotency-Key
 * (none when absent or null).
 */
export function sendWithKey(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  body: unknown,
  token?: string | null,
  key?: string | null,
) {
  return app.inject({
    method,
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export interface CustomerOptions {
  /** The referral code the customer registers with. */
  ref?: string;
  /** The name the customer declared in the KYC form. */
  name?: { firstName: string; lastName: string };
}

/**
 * The kit on the app `app()` and the operator `operatorToken()` (both read when a helper runs,
 * so a file creates the kit at its top and builds the app in `beforeAll`).
 */
export function customerKit(app: () => TestApp, operatorToken: () => string = () => '') {
  /** A POST with a fresh Idempotency-Key unless told one (null: none). */
  const send = (url: string, body: unknown, token: string, key: string | null = randomUUID()) =>
    sendWithKey(app().app, 'POST', url, body, token, key);
  const balances = async (token: string) => (await get(app().app, '/balances', token)).json<BalancesResponse>();

  /** A final USDT deposit booked by the deposit operation (no chain). */
  async function deposit(userId: string, usdt: string) {
    const answer = await app().app.services.money.execute({
      kind: 'deposit',
      userId,
      txHash: `0x${randomBytes(32).toString('hex')}`,
      logIndex: 0,
      amount: toUnits(usdt, 'USDT').toString(),
      blockNumber: '1',
      code: `DP-${randomBytes(5).toString('hex').toUpperCase()}`,
    });
    expect(answer.status).toBe(200);
  }

  /** The KYC journey has its own tests; here a customer is simply one that passed it. */
  async function verify(userId: string) {
    await app().database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = $1`, [userId]);
  }

  /** A signed-in verified customer holding `usdt` (deposited when not '0'). */
  async function customer(usdt = '0', options: CustomerOptions = {}) {
    const session = await signedInUser(app().app, options.ref ? { ref: options.ref } : {});
    await verify(session.user.id);
    if (options.name)
      await app().database.executeSql(
        `INSERT INTO kyc_personal_info (user_id, form) VALUES ($1, $2::jsonb)
         ON CONFLICT (user_id) DO UPDATE SET form = EXCLUDED.form`,
        [session.user.id, JSON.stringify(options.name)],
      );
    if (usdt !== '0') await deposit(session.user.id, usdt);
    return session;
  }

  /** Test USDT from the faucet (on a chain), waited for until the deposit is final. */
  async function faucet(token: string, usdt: string) {
    const res = await sendWithKey(app().app, 'POST', '/dev/faucet', { asset: 'USDT', amount: usdt }, token);
    expect(res.statusCode).toBe(200);
    await until(async () => ((await balances(token)).USDT.available === usdt ? true : undefined));
  }

  /** Quotes at `quoteUrl`, then executes that quote at `executeUrl` (which must take it): the quote. */
  async function quoteAndExecute<Q extends { quoteId: string }>(
    token: string,
    quoteUrl: string,
    body: Record<string, string>,
    executeUrl: string,
  ) {
    const quote = (await send(quoteUrl, body, token, null)).json<Q>();
    expect((await send(executeUrl, { quoteId: quote.quoteId }, token)).statusCode).toBe(200);
    return quote;
  }
  /** QMGT bought for `usdt` at a fresh quote. */
  const buyQmgt = (token: string, usdt: string) =>
    quoteAndExecute<SwapQuote>(token, '/swap/quote', { from: 'USDT', to: 'QMGT', amount: usdt }, '/swap');
  /** Grams bought into a GAE plan for `usdt` at a fresh quote. */
  const buyGold = (token: string, usdt: string) =>
    quoteAndExecute<GaeQuote>(token, '/gae/quote', { kind: 'GAE', amountUsdt: usdt }, '/gae/purchase');
  /** GSA grams converted from `qmgt` QMGT at a fresh quote. */
  const convertToGold = (token: string, qmgt: string) =>
    quoteAndExecute<ConvertQuote>(token, '/convert/quote', { from: 'QMGT', to: 'GOLD', amount: qmgt }, '/convert');

  /** The transaction once the chain settled it (its details say completed). */
  const settled = (token: string, tx: Transaction) =>
    until(async () => {
      const details = (await get(app().app, `/transaction-details/${tx.id}/${tx.type}`, token)).json<{
        transaction: Transaction;
      }>().transaction;
      return details.status === 'completed' ? details : undefined;
    });

  async function ledgerIsSound() {
    const check = (await get(app().app, '/admin/ledger/check', operatorToken())).json();
    expect(check).toMatchObject({ balanced: true, nonNegative: true });
  }

  return { send, balances, deposit, verify, customer, faucet, buyQmgt, buyGold, convertToGold, settled, ledgerIsSound };
}

/**
 * A test file's app with the default operator signed in, built before its tests and closed after
 * them, and the customer kit over it; `onBuilt` hands the file its app and operator token.
 */
export function customerKitWithOperator(onBuilt: (built: { t: TestApp; operatorToken: string }) => void) {
  let built: Awaited<ReturnType<typeof buildWithOperator>> | undefined;
  beforeAll(async () => {
    built = await buildWithOperator();
    onBuilt(built);
  }, 120_000);
  afterAll(async () => built?.t.close());
  return customerKit(
    () => built!.t,
    () => built!.operatorToken,
  );
}

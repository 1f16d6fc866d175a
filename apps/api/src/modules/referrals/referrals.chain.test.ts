import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { RewardsResponse, SwapQuote, Transaction } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { DEFAULT_OPERATOR } from '../../test/operator.js';
import { createReferralsService } from './referrals.service.js';

/* Rewards stay off chain while they vest; a claim is minted; the chain matches the ledger throughout. */

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  t = await build({ operator: DEFAULT_OPERATOR }, { chain: true });
  operatorToken = (
    await post(t.app, '/auth/local', { identifier: DEFAULT_OPERATOR.email, password: DEFAULT_OPERATOR.password })
  ).json().jwt;
}, 120_000);
afterAll(async () => t.close());

const send = (url: string, body: unknown, token: string, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 150));
  }
}

const settled = (token: string, tx: Transaction) =>
  until(async () => {
    const d = (await get(t.app, `/transaction-details/${tx.id}/${tx.type}`, token)).json<{
      transaction: Transaction;
    }>();
    return d.transaction.status === 'completed' ? d.transaction : undefined;
  });
const reconciliation = async () => (await get(t.app, '/admin/chain/reconciliation', operatorToken)).json();

describe('rewards and the chain', () => {
  it('a vesting reward is not on chain; its claim is minted; reconciliation matches', async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app, { ref: a.user.refCode });
    for (const s of [a, b])
      await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${s.user.id}'`);
    await send('/dev/faucet', { asset: 'USDT', amount: '300' }, b.token);
    await until(async () =>
      (await get(t.app, '/get-qmgt-balance', b.token)).json().usdt === '300' ? true : undefined,
    );
    const quote = (
      await send('/swap/quote', { from: 'USDT', to: 'QMGT', amount: '200' }, b.token, null)
    ).json<SwapQuote>();
    const swap = (await send('/swap', { quoteId: quote.quoteId }, b.token)).json<{ transaction: Transaction }>();
    await settled(b.token, swap.transaction);
    expect(await reconciliation()).toMatchObject({ matches: true });

    const reward = (await get(t.app, '/rewards', a.token)).json<RewardsResponse>().rewards[0]!;
    const { money, market, transactions } = t.app.services;
    const future = createReferralsService({
      db: t.database.db,
      money,
      market,
      policy: market.policy,
      transactions,
      now: () => new Date(Date.now() + 31 * 86_400_000),
    });
    const claimed = await future.claim(a.user.id, reward.id, {
      key: randomUUID(),
      scope: '/claim-token',
      requestHash: 'x',
    });
    expect(claimed.transaction.status).toBe('pending');
    const done = await settled(a.token, claimed.transaction);
    expect(done.txHash).toMatch(/^0x/);
    expect((await get(t.app, '/get-qmgt-balance', a.token)).json().qmgt).toBe(reward.amountQmgt);
    expect(await reconciliation()).toMatchObject({ matches: true });
  });
});

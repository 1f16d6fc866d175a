import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { RewardsResponse, SwapQuote, Transaction } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';
import { customerKit } from '../../test/customers.js';
import { createReferralsService } from './referrals.service.js';

/* Rewards stay off chain while they vest; a claim is minted; the chain matches the ledger throughout. */

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator({ chain: true }));
}, 120_000);
afterAll(async () => t.close());

const { send, customer, faucet, settled } = customerKit(
  () => t,
  () => operatorToken,
);
const reconciliation = async () => (await get(t.app, '/admin/chain/reconciliation', operatorToken)).json();

describe('rewards and the chain', () => {
  it('a vesting reward is not on chain; its claim is minted; reconciliation matches', async () => {
    const a = await customer();
    const b = await customer('0', { ref: a.user.refCode });
    await faucet(b.token, '300');
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

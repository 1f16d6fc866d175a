import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { toUnits } from '@qmgt/contracts';
import { build, type TestApp } from './test/build.js';
import { signedInUser } from './test/factories.js';

/*
 * Every product's quote, once past its 30 seconds, answers alike when executed: 422
 * QuoteExpiredError "quote expired", never a 400 or a 404 (issue 24's audit found an expired
 * GAE quote answering differently from a swap's). Nothing moves.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
}, 120_000);
afterAll(async () => t.close());

const send = (url: string, body: unknown, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  });

async function fundedCustomer() {
  const session = await signedInUser(t.app);
  await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${session.user.id}'`);
  const answer = await t.app.services.money.execute({
    kind: 'deposit',
    userId: session.user.id,
    txHash: `0x${randomBytes(32).toString('hex')}`,
    logIndex: 0,
    amount: toUnits('500', 'USDT').toString(),
    blockNumber: '1',
    code: `DP-${randomBytes(5).toString('hex').toUpperCase()}`,
  });
  expect(answer.status).toBe(200);
  return session;
}

/** Ages every quote of every kind past its expiry. */
const expireAllQuotes = () =>
  t.database.executeSql(
    ['swap_quotes', 'gold_quotes', 'save_quotes']
      .map((table) => `UPDATE ${table} SET expires_at = now() - interval '1 second';`)
      .join('\n'),
  );

describe('an expired quote', () => {
  it('answers 422 QuoteExpiredError for swaps, GAE purchases, Spend To Save and Remit', async () => {
    const ada = await fundedCustomer();
    const ben = await fundedCustomer();
    const quoteOf = async (url: string, body: unknown) => {
      const res = await send(url, body, ada.token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json<{ quoteId: string }>().quoteId;
    };
    const swap = await quoteOf('/swap/quote', { from: 'USDT', to: 'QMGT', amount: '20' });
    const gae = await quoteOf('/gae/quote', { kind: 'GAE', amountUsdt: '200' });
    const payment = await quoteOf('/payments/quote', { amountUsd: '20' });
    const remit = await quoteOf('/remit/quote', { recipient: ben.user.refCode, amountUsdt: '8', roundUpTo: 5 });
    await expireAllQuotes();

    const executions = [
      ['/swap', { quoteId: swap }],
      ['/gae/purchase', { quoteId: gae }],
      ['/payments/checkout', { amountUsd: '20', quoteId: payment }],
      ['/remit', { recipient: ben.user.refCode, amountUsdt: '8', roundUpTo: 5, quoteId: remit }],
    ] as const;
    for (const [url, body] of executions) {
      const res = await send(url, body, ada.token);
      expect({ url, status: res.statusCode, name: res.json().error?.name }).toEqual({
        url,
        status: 422,
        name: 'QuoteExpiredError',
      });
      expect(res.json().error.message).toBe('This quote has expired. Please ask for a new one.');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { PaymentQuote } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';
import { customerKit } from '../../test/customers.js';

/*
 * Issue 23: a customer who opened the app at 127.0.0.1 paid, came back to localhost (the
 * default PUBLIC_URL) and was signed out: the session lives in the origin's storage. Without
 * PUBLIC_URL, the checkout and its return address follow the address the request came to.
 */
let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator({}, { publicUrl: 'http://localhost:3000', publicUrlFixed: false }));
}, 120_000);
afterAll(async () => t.close());

const { customer } = customerKit(
  () => t,
  () => operatorToken,
);

const sendAt = (host: string, url: string, body: unknown, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: { host, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  });

/** A customer quotes 20 USD and opens its checkout, both requests sent to `host`. */
async function checkoutAt(host: string) {
  const { token } = await customer();
  const quote = (await sendAt(host, '/payments/quote', { amountUsd: '20' }, token)).json<PaymentQuote>();
  const res = await sendAt(host, '/payments/checkout', { amountUsd: '20', quoteId: quote.quoteId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ checkoutUrl: string; paymentId: string }>();
}

describe('the checkout return address', () => {
  it('opened at 127.0.0.1:4321, the sandbox checkout and the way back stay on 127.0.0.1:4321', async () => {
    const { checkoutUrl, paymentId } = await checkoutAt('127.0.0.1:4321');
    expect(checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:4321\/sandbox-checkout\/cs_test_/);

    const sessionId = checkoutUrl.split('/sandbox-checkout/')[1]!;
    expect((await get(t.app, `/dev/payments/${sessionId}`)).statusCode).toBe(200);
    const paid = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${sessionId}/complete`, payload: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().redirectTo).toBe(`http://127.0.0.1:4321/payment-success?paymentId=${paymentId}`);
  });

  it('a forged Host does not become the return address', async () => {
    const { checkoutUrl } = await checkoutAt('evil.example');
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:3000\/sandbox-checkout\//);
  });
});

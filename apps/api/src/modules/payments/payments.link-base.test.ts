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

describe('the checkout return address', () => {
  it('opened at 127.0.0.1:4321, the sandbox checkout and the way back stay on 127.0.0.1:4321', async () => {
    const jane = await customer();
    const quote = (
      await sendAt('127.0.0.1:4321', '/payments/quote', { amountUsd: '20' }, jane.token)
    ).json<PaymentQuote>();
    const res = await sendAt(
      '127.0.0.1:4321',
      '/payments/checkout',
      { amountUsd: '20', quoteId: quote.quoteId },
      jane.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { checkoutUrl, paymentId } = res.json<{ checkoutUrl: string; paymentId: string }>();
    expect(checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:4321\/sandbox-checkout\/cs_test_/);

    const sessionId = checkoutUrl.split('/sandbox-checkout/')[1]!;
    expect((await get(t.app, `/dev/payments/${sessionId}`)).statusCode).toBe(200);
    const paid = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${sessionId}/complete`, payload: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().redirectTo).toBe(`http://127.0.0.1:4321/payment-success?paymentId=${paymentId}`);
  });

  it('a forged Host does not become the return address', async () => {
    const sam = await customer();
    const quote = (
      await sendAt('evil.example', '/payments/quote', { amountUsd: '20' }, sam.token)
    ).json<PaymentQuote>();
    const res = await sendAt(
      'evil.example',
      '/payments/checkout',
      { amountUsd: '20', quoteId: quote.quoteId },
      sam.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checkoutUrl).toMatch(/^http:\/\/localhost:3000\/sandbox-checkout\//);
  });
});

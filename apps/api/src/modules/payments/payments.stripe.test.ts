import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { setupServer } from 'msw/node';
import type { BalancesResponse, Payment, PaymentQuote } from '@qmgt/contracts';
import { stripeSignatureHeader } from '../../adapters/payments/stripe-signature.js';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { createStripeCheckoutApi } from '../../test/stripe-api.js';

/*
 * The product on the Stripe adapter (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET): Stripe's API
 * answered by MSW with its documented shapes, its events signed with the endpoint's secret.
 */

const WEBHOOK_SECRET = 'whsec_stripe_endpoint_secret';
const stripe = createStripeCheckoutApi();
const { sessions } = stripe;
const server = setupServer(...stripe.handlers);

let t: TestApp;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  t = await build({ stripeSecretKey: 'sk_test_123', stripeWebhookSecret: WEBHOOK_SECRET });
}, 120_000);
afterAll(async () => {
  await t.close();
  server.close();
});

const send = (url: string, body: unknown, token: string, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
  });

async function verifiedCustomer() {
  const session = await signedInUser(t.app);
  await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${session.user.id}'`);
  return session;
}

describe('Spend To Save on Stripe Checkout', () => {
  it('opens a Stripe checkout and credits the GSA from its signed event, once', async () => {
    const session = await signedInUser(t.app);
    await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${session.user.id}'`);
    const q = (await send('/payments/quote', { amountUsd: '25' }, session.token)).json<PaymentQuote>();
    const res = await send('/payments/checkout', { amountUsd: '25', quoteId: q.quoteId }, session.token);
    expect(res.statusCode, res.body).toBe(200);
    const { paymentId, checkoutUrl } = res.json<{ paymentId: string; checkoutUrl: string }>();
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sessionId = checkoutUrl.split('/').pop()!;
    // Stripe took our expiry: at least 30 minutes after it created the session (the handler
    // refuses less), the same instant the payment expires at.
    const created = sessions.get(sessionId)!;
    expect(created).toMatchObject({ client_reference_id: paymentId, amount_total: 2500 });
    const opened = (await get(t.app, `/payments/${paymentId}`, session.token)).json<{ payment: Payment }>().payment;
    expect(created.expires_at).toBe(Math.floor(Date.parse(opened.expiresAt) / 1000));
    expect(created.expires_at - created.created).toBeGreaterThanOrEqual(30 * 60);
    // The sandbox's checkout page does not exist on Stripe.
    expect((await get(t.app, `/dev/payments/${sessionId}`)).statusCode).toBe(404);

    const body = JSON.stringify({
      id: 'evt_1QxStripe',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          client_reference_id: paymentId,
          amount_total: 2500,
          currency: 'usd',
          status: 'complete',
          payment_status: 'paid',
        },
      },
    });
    const deliver = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    expect((await deliver(stripeSignatureHeader(body, 'whsec_sandbox_or_forged'))).statusCode).toBe(401);
    const first = await deliver(stripeSignatureHeader(body, WEBHOOK_SECRET));
    expect(first.json()).toEqual({ received: true, outcome: 'credited' });
    expect((await deliver(stripeSignatureHeader(body, WEBHOOK_SECRET))).json().outcome).toBe('duplicate');
    const payment = (await get(t.app, `/payments/${paymentId}`, session.token)).json<{ payment: Payment }>().payment;
    expect(payment.status).toBe('credited');
    expect((await get(t.app, '/balances', session.token)).json<BalancesResponse>().GOLD.available).toBe(q.grams);

    // A checkout left unpaid is expired at Stripe when the customer cancels.
    const q2 = (await send('/payments/quote', { amountUsd: '25' }, session.token)).json<PaymentQuote>();
    const second = (await send('/payments/checkout', { amountUsd: '25', quoteId: q2.quoteId }, session.token)).json();
    const cancelled = await send(`/payments/${second.paymentId}/cancel`, {}, session.token);
    expect(cancelled.json().payment.status).toBe('cancelled');
    expect(sessions.get(second.checkoutUrl.split('/').pop())?.status).toBe('expired');
  });
  it('cannot open a checkout while Stripe fails: a clear 503, nothing charged, and the retried request answers the same', async () => {
    const session = await verifiedCustomer();
    const q = (await send('/payments/quote', { amountUsd: '30' }, session.token)).json<PaymentQuote>();
    const body = { amountUsd: '30', quoteId: q.quoteId };
    const key = randomUUID();
    stripe.fail('POST', /^\/v1\/checkout\/sessions$/, 500);
    const res = await send('/payments/checkout', body, session.token, key);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(
      'The payment service cannot be reached right now. Nothing was charged; please try again.',
    );
    stripe.heal();
    // The same request again gets the first answer: no second payment, no session opened late.
    const again = await send('/payments/checkout', body, session.token, key);
    expect(again.statusCode).toBe(503);
    expect(again.json().error.message).toBe(res.json().error.message);
    const [failed, ...others] = (await get(t.app, '/payments', session.token)).json<{ data: Payment[] }>().data;
    expect(others).toEqual([]);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'The payment page could not be opened.' });
    expect([...sessions.values()].filter((s) => s.client_reference_id === failed!.id)).toEqual([]);
    expect((await get(t.app, '/balances', session.token)).json<BalancesResponse>().GOLD.available).toBe('0');
  });
});

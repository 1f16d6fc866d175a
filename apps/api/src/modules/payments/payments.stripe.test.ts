import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { setupServer } from 'msw/node';
import { fromUnits, toUnits, type BalancesResponse, type Payment, type PaymentQuote } from '@qmgt/contracts';
import { stripeSignatureHeader } from '../../adapters/payments/stripe-signature.js';
import { createStripeGateway } from '../../adapters/payments/stripe.js';
import { build, type TestApp } from '../../test/build.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { DEFAULT_OPERATOR } from '../../test/operator.js';
import { createStripeCheckoutApi } from '../../test/stripe-api.js';
import { createPaymentsService } from './payments.service.js';

/*
 * The product on the Stripe adapter (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET): Stripe's API
 * answered by MSW with its documented shapes and failures, its events signed with the
 * endpoint's secret, in any order or never; the sweep on a controlled clock.
 */

const SECRET_KEY = 'sk_test_123';
const WEBHOOK_SECRET = 'whsec_stripe_endpoint_secret';
/** Short, so that a Stripe that never answers fails a test's request in seconds. */
const TIMEOUT_MS = 1000;
const stripe = createStripeCheckoutApi();
const { sessions } = stripe;
const server = setupServer(...stripe.handlers);

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  t = await build({
    stripeSecretKey: SECRET_KEY,
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeTimeoutMs: TIMEOUT_MS,
    operator: DEFAULT_OPERATOR,
  });
  operatorToken = (
    await post(t.app, '/auth/local', { identifier: DEFAULT_OPERATOR.email, password: DEFAULT_OPERATOR.password })
  ).json().jwt;
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
/** A Stripe event as Stripe posts it, signed with the endpoint's secret. */
const deliver = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignatureHeader(body, WEBHOOK_SECRET) },
  });
const outcomeOf = async (body: string) => {
  const res = await deliver(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ outcome: string }>().outcome;
};
const paymentOf = async (token: string, id: string) =>
  (await get(t.app, `/payments/${id}`, token)).json<{ payment: Payment }>().payment;
const gold = async (token: string) => (await get(t.app, '/balances', token)).json<BalancesResponse>().GOLD.available;
const paymentTransactions = async (token: string) =>
  (await get(t.app, '/transactions?type=PAYMENT', token)).json<{ data: unknown[] }>().data;

async function verifiedCustomer() {
  const session = await signedInUser(t.app);
  await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${session.user.id}'`);
  return session;
}

async function openCheckout(token: string, amountUsd = '25') {
  const quote = (await send('/payments/quote', { amountUsd }, token)).json<PaymentQuote>();
  const res = await send('/payments/checkout', { amountUsd, quoteId: quote.quoteId }, token);
  expect(res.statusCode, res.body).toBe(200);
  const { paymentId, checkoutUrl } = res.json<{ paymentId: string; checkoutUrl: string }>();
  return { quote, paymentId, sessionId: checkoutUrl.split('/').pop()! };
}

/**
 * The payments service of another API process whose clock is `minutes` ahead: this app's
 * database, engine and queue, its own Stripe client (the module's `now` hook).
 */
function later(minutes: number) {
  const { money, market } = t.app.services;
  return createPaymentsService({
    db: t.database.db,
    money,
    market,
    gateway: createStripeGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, timeoutMs: TIMEOUT_MS }),
    publicUrl: 'http://qmgt.test',
    now: () => new Date(Date.now() + minutes * 60_000),
  });
}

const addGrams = (a: string, b: string) => fromUnits(toUnits(a, 'GOLD') + toUnits(b, 'GOLD'), 'GOLD');

async function ledgerIsSound() {
  const check = (await get(t.app, '/admin/ledger/check', operatorToken)).json();
  expect(check).toMatchObject({ balanced: true, nonNegative: true });
}

describe('Spend To Save on Stripe Checkout', () => {
  it('opens a Stripe checkout and credits the GSA from its signed event, once', async () => {
    const session = await verifiedCustomer();
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
  it('takes Stripe’s events in any order: expired after completed, an asynchronous payment failing or succeeding late', async () => {
    const c = await verifiedCustomer();
    // Paid, then Stripe's "expired" for the same session (retried out of order): still credited.
    const paid = await openCheckout(c.token);
    const paidSession = stripe.pay(paid.sessionId);
    expect(await outcomeOf(stripe.event('checkout.session.completed', paidSession))).toBe('credited');
    expect(await outcomeOf(stripe.event('checkout.session.expired', { ...paidSession, status: 'expired' }))).toBe(
      'already_credited',
    );
    expect((await paymentOf(c.token, paid.paymentId)).status).toBe('credited');

    // A bank debit: "completed" while unpaid waits; "async_payment_failed" fails it, unpaid.
    const declined = await openCheckout(c.token);
    const declinedSession = Object.assign(sessions.get(declined.sessionId)!, { status: 'complete' as const });
    expect(await outcomeOf(stripe.event('checkout.session.completed', declinedSession))).toBe('awaiting_payment');
    expect((await paymentOf(c.token, declined.paymentId)).status).toBe('pending');
    expect(await outcomeOf(stripe.event('checkout.session.async_payment_failed', declinedSession))).toBe('failed');
    expect(await paymentOf(c.token, declined.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Your bank declined the payment.',
    });

    // A bank debit that succeeds: credited, and the unpaid "completed" arriving after it moves nothing.
    const debit = await openCheckout(c.token);
    const debitSession = Object.assign(sessions.get(debit.sessionId)!, { status: 'complete' as const });
    const lateUnpaid = stripe.event('checkout.session.completed', debitSession);
    debitSession.payment_status = 'paid';
    expect(await outcomeOf(stripe.event('checkout.session.async_payment_succeeded', debitSession))).toBe('credited');
    expect(await outcomeOf(lateUnpaid)).toBe('awaiting_payment');
    expect((await paymentOf(c.token, debit.paymentId)).status).toBe('credited');

    expect(await gold(c.token)).toBe(addGrams(paid.quote.grams, debit.quote.grams));
    expect(await paymentTransactions(c.token)).toHaveLength(2);
    await ledgerIsSound();
  });

  it('a Stripe that fails (5xx) or does not answer in time: a clear 503 and nothing moves; answering again, a payment made meanwhile is credited', async () => {
    const c = await verifiedCustomer();
    const p = await openCheckout(c.token);
    // The customer paid at Stripe and came back by the cancel link before its event arrived.
    const paid = stripe.pay(p.sessionId);
    stripe.fail('GET', new RegExp(`/checkout/sessions/${p.sessionId}$`), 500);
    const failing = await send(`/payments/${p.paymentId}/cancel`, {}, c.token);
    expect(failing.statusCode).toBe(503);
    expect(failing.json().error.message).toBe('The payment service cannot be reached right now. Please try again.');
    stripe.heal();
    stripe.fail('POST', new RegExp(`/checkout/sessions/${p.sessionId}/expire$`), 'no answer');
    const silent = await send(`/payments/${p.paymentId}/cancel`, {}, c.token);
    expect(silent.statusCode).toBe(503);
    expect(silent.json().error.message).toBe(failing.json().error.message);
    stripe.heal();
    expect((await paymentOf(c.token, p.paymentId)).status).toBe('pending');
    expect(await gold(c.token)).toBe('0');
    expect(await paymentTransactions(c.token)).toEqual([]);

    // Stripe answers again: the session is paid, so the payment is credited now, and its event
    // arriving after that credits nothing.
    const back = await send(`/payments/${p.paymentId}/cancel`, {}, c.token);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().payment.status).toBe('credited');
    expect(await outcomeOf(stripe.event('checkout.session.completed', paid))).toBe('duplicate');
    expect(await gold(c.token)).toBe(p.quote.grams);

    // Opening a checkout while Stripe does not answer: a 503, the payment failed, nothing charged.
    stripe.fail('POST', /^\/v1\/checkout\/sessions$/, 'no answer');
    const q = (await send('/payments/quote', { amountUsd: '40' }, c.token)).json<PaymentQuote>();
    const opening = await send('/payments/checkout', { amountUsd: '40', quoteId: q.quoteId }, c.token);
    stripe.heal();
    expect(opening.statusCode).toBe(503);
    expect(opening.json().error.message).toContain('Nothing was charged');
    const [latest] = (await get(t.app, '/payments', c.token)).json<{ data: Payment[] }>().data;
    expect(latest).toMatchObject({ amountUsd: '40', status: 'failed' });
    expect(await gold(c.token)).toBe(p.quote.grams);
    expect(await paymentTransactions(c.token)).toHaveLength(1);
    await ledgerIsSound();
  });

  it('credits a paid checkout whose event never came, once past its expiry, by the webhook’s path: the late event credits nothing', async () => {
    const c = await verifiedCustomer();
    const p = await openCheckout(c.token);
    const paid = stripe.pay(p.sessionId);
    // Still payable for 35 minutes: not the sweep's business yet.
    expect(await later(0).sweep()).toMatchObject({ checked: 0 });
    expect((await paymentOf(c.token, p.paymentId)).status).toBe('pending');

    expect(await later(36).sweep()).toMatchObject({ checked: 1, credited: 1 });
    expect(await paymentOf(c.token, p.paymentId)).toMatchObject({ status: 'credited', grams: p.quote.grams });
    expect(await gold(c.token)).toBe(p.quote.grams);
    expect(await outcomeOf(stripe.event('checkout.session.completed', paid))).toBe('duplicate');
    expect(await gold(c.token)).toBe(p.quote.grams);
    expect(await paymentTransactions(c.token)).toHaveLength(1);
    // Credited, it is no longer anyone's to look at.
    expect(await later(600).sweep()).toMatchObject({ checked: 0 });
    await ledgerIsSound();
  });

  it('two processes sweeping at once and the event racing them credit a stuck payment once', async () => {
    const c = await verifiedCustomer();
    const p = await openCheckout(c.token);
    const paid = stripe.pay(p.sessionId);
    const [one, two, event] = await Promise.all([
      later(36).sweep(),
      later(36).sweep(),
      outcomeOf(stripe.event('checkout.session.completed', paid)),
    ]);
    // One process claimed it; the other did not ask Stripe about it at all.
    expect(one.checked + two.checked).toBe(1);
    expect(one.credited + two.credited + (event === 'credited' ? 1 : 0)).toBe(1);
    expect((await paymentOf(c.token, p.paymentId)).status).toBe('credited');
    expect(await gold(c.token)).toBe(p.quote.grams);
    expect(await paymentTransactions(c.token)).toHaveLength(1);
    await ledgerIsSound();
  });

  it('expires abandoned checkouts at Stripe, and one Stripe cannot answer for waits behind the others instead of starving them', async () => {
    const c = await verifiedCustomer();
    const stuck = [await openCheckout(c.token), await openCheckout(c.token)];
    const abandoned = await openCheckout(c.token);
    for (const s of stuck) stripe.fail('GET', new RegExp(`/checkout/sessions/${s.sessionId}$`), 500);
    const sweeper = later(36);
    // Two at a pass: the two due first cannot be settled, so they move to the back...
    expect(await sweeper.sweep({ batch: 2 })).toMatchObject({ checked: 2, waiting: 2 });
    expect((await paymentOf(c.token, abandoned.paymentId)).status).toBe('pending');
    // ...and the next pass reaches the one behind them: expired at Stripe, then here.
    expect(await sweeper.sweep({ batch: 2 })).toMatchObject({ checked: 1, expired: 1 });
    expect((await paymentOf(c.token, abandoned.paymentId)).status).toBe('expired');
    expect(sessions.get(abandoned.sessionId)?.status).toBe('expired');
    expect(await sweeper.sweep({ batch: 2 })).toMatchObject({ checked: 0 });

    // Stripe answers again: their next look, a minute on, closes them.
    stripe.heal();
    expect(await later(38).sweep({ batch: 2 })).toMatchObject({ checked: 2, expired: 2 });
    for (const s of stuck) expect((await paymentOf(c.token, s.paymentId)).status).toBe('expired');
    expect(await gold(c.token)).toBe('0');
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { GatewayUnavailable, InvalidSignature } from './port.js';
import { createStripeGateway } from './stripe.js';
import { stripeSignatureHeader } from './stripe-signature.js';

/* Stripe Checkout's calls and events, answered with the shapes of Stripe's API reference. */

const SECRET = 'whsec_test_secret';
const BASE = 'https://api.stripe.com/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const gateway = createStripeGateway({ secretKey: 'sk_test_123', webhookSecret: SECRET, timeoutMs: 1000 });
const session = (over: Record<string, unknown> = {}) => ({
  id: 'cs_test_a1B2c3',
  object: 'checkout.session',
  mode: 'payment',
  status: 'open',
  payment_status: 'unpaid',
  amount_total: 5000,
  currency: 'usd',
  client_reference_id: '8b0f7c1e-2a3d-4c5e-9f60-718293a4b5c6',
  url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3',
  expires_at: 1767225600,
  ...over,
});
const stripeError = (status: number, message: string, code?: string) =>
  HttpResponse.json({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } }, { status });
const request = {
  paymentId: '8b0f7c1e-2a3d-4c5e-9f60-718293a4b5c6',
  amountCents: 5000n,
  description: 'Spend To Save PY-ABC: 0.3788 g of gold',
  customerEmail: 'jane@example.com',
  successUrl: 'http://localhost:3000/payment-success?paymentId=8b0f',
  cancelUrl: 'http://localhost:3000/payment-success?paymentId=8b0f&cancelled=1',
  expiresAt: new Date('2026-01-01T00:00:00Z'),
};

describe('Stripe Checkout gateway', () => {
  it('creates a one-line USD checkout keyed to our payment, idempotently, with the secret key', async () => {
    let form: URLSearchParams | undefined;
    let headers: Headers | undefined;
    server.use(
      http.post(`${BASE}/checkout/sessions`, async ({ request: r }) => {
        headers = r.headers;
        form = new URLSearchParams(await r.text());
        return HttpResponse.json(session());
      }),
    );
    expect(await gateway.createCheckout(request)).toEqual({
      sessionId: 'cs_test_a1B2c3',
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3',
    });
    expect(headers?.get('authorization')).toBe('Bearer sk_test_123');
    expect(headers?.get('idempotency-key')).toBe(`checkout-${request.paymentId}`);
    expect(form?.get('mode')).toBe('payment');
    expect(form?.get('client_reference_id')).toBe(request.paymentId);
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('5000');
    expect(form?.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form?.get('expires_at')).toBe('1767225600');
    expect(form?.get('cancel_url')).toBe(request.cancelUrl);
  });

  it('is unavailable when Stripe fails or refuses our key', async () => {
    server.use(
      http.post(`${BASE}/checkout/sessions`, () => stripeError(401, 'Invalid API Key provided: sk_test_***123')),
    );
    await expect(gateway.createCheckout(request)).rejects.toBeInstanceOf(GatewayUnavailable);
    server.use(
      http.post(`${BASE}/checkout/sessions`, () =>
        HttpResponse.json({ error: { type: 'api_error' } }, { status: 500 }),
      ),
    );
    await expect(gateway.createCheckout(request)).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('expires an open checkout, and reports one the customer paid first', async () => {
    server.use(
      http.post(`${BASE}/checkout/sessions/cs_test_a1B2c3/expire`, () =>
        HttpResponse.json(session({ status: 'expired' })),
      ),
    );
    expect(await gateway.expireCheckout('cs_test_a1B2c3')).toEqual({
      sessionId: 'cs_test_a1B2c3',
      status: 'expired',
      paymentStatus: 'unpaid',
      amountCents: 5000n,
      currency: 'usd',
    });
    server.use(
      http.post(`${BASE}/checkout/sessions/cs_test_a1B2c3/expire`, () =>
        stripeError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.'),
      ),
      http.get(`${BASE}/checkout/sessions/cs_test_a1B2c3`, () =>
        HttpResponse.json(session({ status: 'complete', payment_status: 'paid' })),
      ),
    );
    expect(await gateway.expireCheckout('cs_test_a1B2c3')).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
  });

  it('reads a session back, and is unavailable when Stripe fails, does not answer in time or lacks the session', async () => {
    server.use(
      http.get(`${BASE}/checkout/sessions/cs_test_a1B2c3`, () =>
        HttpResponse.json(session({ status: 'complete', payment_status: 'paid', amount_total: 2500 })),
      ),
    );
    expect(await gateway.retrieveCheckout('cs_test_a1B2c3')).toEqual({
      sessionId: 'cs_test_a1B2c3',
      status: 'complete',
      paymentStatus: 'paid',
      amountCents: 2500n,
      currency: 'usd',
    });
    server.use(
      http.get(`${BASE}/checkout/sessions/cs_test_a1B2c3`, () =>
        HttpResponse.json({ error: { type: 'api_error', message: 'An unknown error occurred' } }, { status: 500 }),
      ),
    );
    await expect(gateway.retrieveCheckout('cs_test_a1B2c3')).rejects.toBeInstanceOf(GatewayUnavailable);
    server.use(
      http.get(`${BASE}/checkout/sessions/cs_test_a1B2c3`, async () => {
        await delay('infinite');
        return HttpResponse.json(session());
      }),
    );
    const quick = createStripeGateway({ secretKey: 'sk_test_123', webhookSecret: SECRET, timeoutMs: 100 });
    await expect(quick.retrieveCheckout('cs_test_a1B2c3')).rejects.toThrow(/checkout\.sessions\.retrieve/);
    server.use(
      http.get(`${BASE}/checkout/sessions/cs_test_gone`, () =>
        stripeError(404, "No such checkout.session: 'cs_test_gone'", 'resource_missing'),
      ),
    );
    await expect(gateway.retrieveCheckout('cs_test_gone')).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('reads a checkout.session.completed event whose Stripe-Signature verifies', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: session({ status: 'complete', payment_status: 'paid' }) },
    });
    expect(gateway.parseWebhook(Buffer.from(body), stripeSignatureHeader(body, SECRET))).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      sessionId: 'cs_test_a1B2c3',
      paymentId: request.paymentId,
      amountCents: 5000n,
      currency: 'usd',
      paymentStatus: 'paid',
    });
  });

  it('refuses a forged, altered, missing or stale signature', () => {
    const body = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: session() },
    });
    const parse = (raw: string, header: string | undefined) => () => gateway.parseWebhook(Buffer.from(raw), header);
    expect(parse(body, stripeSignatureHeader(body, 'whsec_someone_else'))).toThrow(InvalidSignature);
    expect(parse(body.replace('5000', '1'), stripeSignatureHeader(body, SECRET))).toThrow(InvalidSignature);
    expect(parse(body, undefined)).toThrow(InvalidSignature);
    expect(parse(body, 't=1,v1=00')).toThrow(InvalidSignature);
    const stale = stripeSignatureHeader(body, SECRET, new Date(Date.now() - 10 * 60_000));
    expect(parse(body, stale)).toThrow(InvalidSignature);
  });
});

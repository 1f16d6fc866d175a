import { randomBytes } from 'node:crypto';
import { delay, http, HttpResponse } from 'msw';
import { centsForGateway } from '../adapters/payments/port.js';

/*
 * Stripe Checkout's API as MSW handlers, following Stripe's API reference
 * (docs.stripe.com/api/checkout/sessions): create, retrieve and expire a session, with the
 * answers Stripe gives when a call is wrong (its error shape, `expires_at` outside 30 minutes
 * to 24 hours of creation, a session that is no longer open, an unknown id, an Idempotency-Key
 * reused with other parameters) and faults a test turns on (a 5xx, no answer at all).
 */

export const STRIPE_API = 'https://api.stripe.com/v1';

export interface StripeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
}

/** Stripe's error body: `{ error: { type, message, code?, param? } }`. */
export function stripeError(
  status: number,
  type: string,
  message: string,
  more: { code?: string; param?: string } = {},
) {
  return HttpResponse.json({ error: { type, message, ...more } }, { status });
}

type Fault = { method: 'GET' | 'POST'; path: RegExp; answer: number | 'no answer'; times: number };

export function createStripeCheckoutApi() {
  const sessions = new Map<string, StripeCheckoutSession>();
  /** Idempotency-Key -> the parameters first sent with it and the session answered. */
  const keys = new Map<string, { params: string; sessionId: string }>();
  const faults: Fault[] = [];
  /** Every call that reached the handlers, as "METHOD /path". */
  const calls: string[] = [];

  /** A fault that applies to this call, used up by it. */
  async function faulted(method: 'GET' | 'POST', url: string): Promise<Response | undefined> {
    const path = new URL(url).pathname;
    calls.push(`${method} ${path}`);
    const fault = faults.find((f) => f.method === method && f.path.test(path) && f.times > 0);
    if (!fault) return undefined;
    fault.times--;
    // Stripe's SDK gives up on its own timeout; an answer that never comes is exactly that.
    if (fault.answer === 'no answer') await delay('infinite');
    return stripeError(Number(fault.answer), 'api_error', 'An unknown error occurred');
  }

  const missing = (id: string) =>
    stripeError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, {
      code: 'resource_missing',
      param: 'session',
    });

  const handlers = [
    http.post(`${STRIPE_API}/checkout/sessions`, async ({ request }) => {
      const fault = await faulted('POST', request.url);
      if (fault) return fault;
      if (!/^Bearer sk_(test|live)_/.test(request.headers.get('authorization') ?? ''))
        return stripeError(401, 'invalid_request_error', 'You did not provide an API key.');
      const raw = await request.text();
      const form = new URLSearchParams(raw);
      const key = request.headers.get('idempotency-key');
      const earlier = key ? keys.get(key) : undefined;
      if (earlier) {
        if (earlier.params !== raw)
          return stripeError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        return HttpResponse.json(sessions.get(earlier.sessionId));
      }
      const now = Date.now();
      const expiresAt = form.get('expires_at');
      // Measured from the session's creation, which is now: the caller's clock and its
      // latency do not count.
      if (expiresAt !== null) {
        const at = Number(expiresAt) * 1000;
        if (!Number.isInteger(Number(expiresAt)) || at < now + 30 * 60_000)
          return stripeError(
            400,
            'invalid_request_error',
            'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
            { param: 'expires_at' },
          );
        if (at > now + 24 * 3_600_000)
          return stripeError(
            400,
            'invalid_request_error',
            'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
            { param: 'expires_at' },
          );
      }
      // Cents as bigint, as everywhere else; Stripe's JSON integer is made at the end.
      const unitAmountText = form.get('line_items[0][price_data][unit_amount]') ?? '';
      const quantityText = form.get('line_items[0][quantity]') ?? '1';
      if (form.get('mode') !== 'payment' || !/^\d{1,15}$/.test(unitAmountText) || !/^\d{1,4}$/.test(quantityText))
        return stripeError(400, 'invalid_request_error', 'Invalid payment line item.', { param: 'line_items' });
      const unitAmount = BigInt(unitAmountText);
      if (unitAmount < 50n)
        return stripeError(400, 'invalid_request_error', 'Invalid payment line item.', { param: 'line_items' });
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const created = Math.floor(now / 1000);
      const session: StripeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: centsForGateway(unitAmount * BigInt(quantityText)),
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        metadata: form.get('metadata[paymentId]') ? { paymentId: form.get('metadata[paymentId]')! } : {},
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        created,
        expires_at: expiresAt !== null ? Number(expiresAt) : created + 86_400,
      };
      sessions.set(id, session);
      if (key) keys.set(key, { params: raw, sessionId: id });
      return HttpResponse.json(session);
    }),
    http.get(`${STRIPE_API}/checkout/sessions/:id`, async ({ request, params }) => {
      const fault = await faulted('GET', request.url);
      if (fault) return fault;
      const session = sessions.get(String(params.id));
      return session ? HttpResponse.json(session) : missing(String(params.id));
    }),
    http.post(`${STRIPE_API}/checkout/sessions/:id/expire`, async ({ request, params }) => {
      const fault = await faulted('POST', request.url);
      if (fault) return fault;
      const session = sessions.get(String(params.id));
      if (!session) return missing(String(params.id));
      if (session.status !== 'open')
        return stripeError(
          400,
          'invalid_request_error',
          'Only Checkout Sessions with a status in ["open"] can be expired.',
        );
      session.status = 'expired';
      session.url = null;
      return HttpResponse.json(session);
    }),
  ];

  return {
    handlers,
    sessions,
    calls,
    /** The customer pays on Stripe's page: the session completes, paid. */
    pay(id: string) {
      const session = sessions.get(id);
      if (!session || session.status !== 'open') throw new Error(`session ${id} is not open`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null });
      return session;
    },
    /** The next `times` matching calls answer `answer` (a 5xx) or never answer. */
    fail(method: 'GET' | 'POST', path: RegExp, answer: number | 'no answer', times = Number.POSITIVE_INFINITY) {
      faults.push({ method, path, answer, times });
    },
    heal() {
      faults.length = 0;
    },
    /** A Stripe event about a session, as Stripe posts it to the webhook endpoint. */
    event(type: string, session: StripeCheckoutSession, id = `evt_${randomBytes(12).toString('hex')}`) {
      return JSON.stringify({
        id,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object: session },
      });
    },
  };
}

export type StripeCheckoutApi = ReturnType<typeof createStripeCheckoutApi>;

import Stripe from 'stripe';
import { GatewayUnavailable, centsForGateway, type CheckoutSession, type PaymentGateway } from './port.js';
import { verifiedCheckoutEvent } from './stripe-signature.js';

const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;

/**
 * Stripe Checkout: a hosted payment page per payment (mode "payment", one USD line item),
 * our payment id as client_reference_id, an expiry 30 minutes to 24 hours after creation
 * (we ask 35: CHECKOUT_TTL_MINUTES says why); events arrive at POST /api/payments/webhook
 * signed with the endpoint's secret. Not exercised against Stripe here (no network); its
 * documented answers and events are tested with MSW (src/test/stripe-api.ts).
 */
export function createStripeGateway(options: {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK elsewhere. */
  host?: string;
  timeoutMs?: number;
}): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    // The global fetch looked up at each call (not captured now): the tests' MSW handlers apply.
    httpClient: Stripe.createFetchHttpClient((input, init) => fetch(input, init)),
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: 1,
    ...(options.host ? { host: options.host } : {}),
  });

  /** Stripe could not be reached or refused our key: nobody's answer was weighed. */
  function unavailable(error: unknown, what: string): never {
    throw new GatewayUnavailable(`Stripe ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }

  function sessionOf(session: Stripe.Checkout.Session): CheckoutSession {
    const status = SESSION_STATUSES.find((s) => s === session.status);
    if (!status) throw new GatewayUnavailable(`Stripe answered checkout session ${session.id} with no known status`);
    return {
      sessionId: session.id,
      status,
      paymentStatus: session.payment_status,
      amountCents: session.amount_total === null ? null : BigInt(session.amount_total),
      currency: session.currency,
    };
  }

  async function retrieve(sessionId: string): Promise<CheckoutSession> {
    try {
      return sessionOf(await stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      return unavailable(error, 'checkout.sessions.retrieve');
    }
  }

  return {
    kind: 'stripe',
    async createCheckout(request) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: request.paymentId,
            customer_email: request.customerEmail,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: centsForGateway(request.amountCents),
                  product_data: { name: request.description },
                },
              },
            ],
            metadata: { paymentId: request.paymentId },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          },
          // A retried create (our timeout, their 5xx) returns the first session, not a second.
          { idempotencyKey: `checkout-${request.paymentId}` },
        );
        if (!session.url) throw new GatewayUnavailable('Stripe answered a checkout session without a URL');
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        if (error instanceof GatewayUnavailable) throw error;
        return unavailable(error, 'checkout.sessions.create');
      }
    },
    async expireCheckout(sessionId) {
      try {
        return sessionOf(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: ask what it became.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return retrieve(sessionId);
        return unavailable(error, 'checkout.sessions.expire');
      }
    },
    retrieveCheckout: retrieve,
    parseWebhook(rawBody, header) {
      return verifiedCheckoutEvent(rawBody, header, options.webhookSecret);
    },
  };
}

/**
 * The payments port (Spend To Save): a hosted checkout where the customer pays by card, and
 * signed webhooks that tell us what happened. Stripe Checkout is the production adapter; the
 * sandbox gateway plays Stripe on a person's machine, down to the `Stripe-Signature` header,
 * so one verification path serves both.
 */
export interface CheckoutRequest {
  /** Our payment's id: Stripe's client_reference_id, echoed in every event. */
  paymentId: string;
  amountCents: bigint;
  /** The line the customer sees on the checkout page. */
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CreatedCheckout {
  sessionId: string;
  url: string;
}

/** What a checkout event says, whichever gateway sent it. */
export interface CheckoutEvent {
  /** The gateway's event id: each is handled once. */
  id: string;
  type: string;
  sessionId: string;
  paymentId: string | null;
  amountCents: bigint | null;
  currency: string | null;
  /** Stripe's payment_status: paid, unpaid, no_payment_required. */
  paymentStatus: string | null;
}

/**
 * Cents as the integer Stripe's API takes. Amounts are bigint everywhere else; a checkout is
 * at most PAYMENT_MAX_USD, far inside a safe integer, and anything beyond is refused loudly.
 */
export function centsForGateway(cents: bigint): number {
  if (cents < 0n || cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${cents} cents is out of range`);
  return Number(cents);
}

/** The gateway could not be asked (down, timed out, refused our key): try again later. */
export class GatewayUnavailable extends Error {}

/** The webhook's signature is missing, wrong or too old. */
export class InvalidSignature extends Error {}

/** A checkout session as the gateway knows it now (Stripe's Checkout Session, read back). */
export interface CheckoutSession {
  sessionId: string;
  /** open: still payable; complete: the customer finished it; expired: it can no longer be paid. */
  status: 'open' | 'complete' | 'expired';
  /** Stripe's payment_status: paid once the money is taken (an asynchronous method may be later). */
  paymentStatus: string;
  amountCents: bigint | null;
  currency: string | null;
}

export interface PaymentGateway {
  readonly kind: 'sandbox' | 'stripe';
  /** Opens a checkout; the same payment again answers the session opened first. */
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /**
   * Closes an open checkout so it can no longer be paid, and answers the session as it then
   * is: complete when the customer paid first. Throws GatewayUnavailable when it could not be asked.
   */
  expireCheckout(sessionId: string): Promise<CheckoutSession>;
  /** The session as the gateway knows it; throws GatewayUnavailable when it could not be asked. */
  retrieveCheckout(sessionId: string): Promise<CheckoutSession>;
  /** Verifies the signature over the exact bytes received, then reads the event. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): CheckoutEvent;
}

/** Reads a Stripe-shaped event (`checkout.session.*`) into a CheckoutEvent. */
export function checkoutEventOf(event: { id: string; type: string; data: { object: unknown } }): CheckoutEvent {
  const session = (event.data?.object ?? {}) as Record<string, unknown>;
  const amount = session.amount_total;
  return {
    id: event.id,
    type: event.type,
    sessionId: typeof session.id === 'string' ? session.id : '',
    paymentId: typeof session.client_reference_id === 'string' ? session.client_reference_id : null,
    amountCents: typeof amount === 'number' && Number.isSafeInteger(amount) ? BigInt(amount) : null,
    currency: typeof session.currency === 'string' ? session.currency : null,
    paymentStatus: typeof session.payment_status === 'string' ? session.payment_status : null,
  };
}

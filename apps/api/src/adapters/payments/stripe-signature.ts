import Stripe from 'stripe';
import { InvalidSignature, checkoutEventOf, type CheckoutEvent } from './port.js';

/** Stripe's default tolerance: a signature older than five minutes is refused (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * `Stripe-Signature` (t=timestamp, v1=HMAC-SHA256 of "t.body") checked by Stripe's own
 * library over the raw bytes, for both gateways: the sandbox signs exactly as Stripe does.
 */
export function verifiedCheckoutEvent(rawBody: Buffer, header: string | undefined, secret: string): CheckoutEvent {
  if (!header) throw new InvalidSignature('The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    throw new InvalidSignature(error instanceof Error ? error.message : 'The signature does not match.');
  }
  return checkoutEventOf(event as unknown as { id: string; type: string; data: { object: unknown } });
}

/** The header Stripe would send for `payload` (the sandbox gateway signs with it). */
export function stripeSignatureHeader(payload: string, secret: string, at = new Date()): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(at.getTime() / 1000),
  });
}

import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { sandboxCheckouts } from './sandbox.schema.js';
import {
  GatewayUnavailable,
  centsForGateway,
  type CheckoutEvent,
  type CheckoutSession,
  type PaymentGateway,
} from './port.js';
import { stripeSignatureHeader, verifiedCheckoutEvent } from './stripe-signature.js';

export const SANDBOX_PAYMENT_WEBHOOK_JOB = 'payments.sandbox-webhook';

export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;
type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<void>;

/** Refusals of the sandbox checkout page (a session that is not open any more). */
export class SandboxCheckoutError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The sandbox payment gateway: Stripe Checkout played on this machine. It keeps its own
 * sessions, shows a checkout page (/sandbox-checkout/{id}) where the person pays or cancels,
 * and reports what happened as Stripe events (same shapes, same Stripe-Signature) delivered
 * to our webhook endpoint through the job queue, retried while our endpoint fails: the
 * conditions Stripe puts our webhook under, duplicates included.
 */
export function createSandboxGateway(deps: { db: Db; queue: JobQueue; webhookSecret: string; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let deliver: WebhookDelivery | undefined;

  /** A session by its id, or by our payment's id (DESIGN.md names the dev route by either). */
  async function find(id: string): Promise<SandboxCheckoutRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxCheckouts)
      .where(id.startsWith('cs_') ? eq(sandboxCheckouts.id, id) : eq(sandboxCheckouts.clientReferenceId, id))
      .limit(1);
    return row;
  }

  /** A Stripe `checkout.session.*` event about `row`, queued for delivery. */
  async function emit(type: string, row: SandboxCheckoutRow): Promise<void> {
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: Math.floor(now().getTime() / 1000),
      livemode: false,
      type,
      data: {
        object: {
          id: row.id,
          object: 'checkout.session',
          mode: 'payment',
          client_reference_id: row.clientReferenceId,
          amount_total: centsForGateway(BigInt(row.amountCents)),
          currency: row.currency,
          status: row.status,
          payment_status: row.status === 'complete' ? 'paid' : 'unpaid',
          expires_at: Math.floor(row.expiresAt.getTime() / 1000),
        },
      },
    };
    await deps.queue.send(SANDBOX_PAYMENT_WEBHOOK_JOB, { body: JSON.stringify(event) });
  }

  const sessionOf = (row: SandboxCheckoutRow): CheckoutSession => ({
    sessionId: row.id,
    status: row.status,
    paymentStatus: row.status === 'complete' ? 'paid' : 'unpaid',
    amountCents: BigInt(row.amountCents),
    currency: row.currency,
  });

  /** Moves an open session to `status` (once: a second caller finds it closed). */
  async function close(id: string, status: 'complete' | 'expired'): Promise<SandboxCheckoutRow | undefined> {
    const [row] = await db
      .update(sandboxCheckouts)
      .set({ status })
      .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'open')))
      .returning();
    return row;
  }

  async function expire(sessionId: string): Promise<CheckoutSession> {
    const closed = await close(sessionId, 'expired');
    if (closed) {
      await emit('checkout.session.expired', closed);
      return sessionOf(closed);
    }
    return retrieve(sessionId);
  }

  async function retrieve(sessionId: string): Promise<CheckoutSession> {
    const row = await find(sessionId);
    // Stripe answers 404 for a session it does not have; for us that is the gateway failing.
    if (!row) throw new GatewayUnavailable(`No such checkout.session: '${sessionId}'`);
    // Past its expiry an open session is expired, as Stripe's would be.
    if (row.status === 'open' && row.expiresAt <= now()) return expire(row.id);
    return sessionOf(row);
  }

  const gateway: PaymentGateway = {
    kind: 'sandbox',
    async createCheckout(request) {
      // One session per payment, as Stripe's Idempotency-Key (checkout-{paymentId}) gives a
      // retried create the first session: a second call answers the session already opened.
      await db
        .insert(sandboxCheckouts)
        .values({
          id: `cs_test_${randomBytes(16).toString('hex')}`,
          clientReferenceId: request.paymentId,
          amountCents: request.amountCents.toString(),
          currency: 'usd',
          description: request.description,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          expiresAt: request.expiresAt,
        })
        .onConflictDoNothing({ target: sandboxCheckouts.clientReferenceId });
      const row = await find(request.paymentId);
      if (!row) throw new Error('sandbox checkout session was not stored');
      // The sandbox's checkout page is on the site the customer returns to, as they use it.
      return { sessionId: row.id, url: `${new URL(row.successUrl).origin}/sandbox-checkout/${row.id}` };
    },
    expireCheckout: expire,
    retrieveCheckout: retrieve,
    parseWebhook(rawBody, header): CheckoutEvent {
      return verifiedCheckoutEvent(rawBody, header, deps.webhookSecret);
    },
  };

  return {
    gateway,

    /** Wires delivery to our own webhook endpoint and registers the delivery worker. */
    async start(delivery: WebhookDelivery): Promise<void> {
      deliver = delivery;
      await deps.queue.register<{ body: string }>(SANDBOX_PAYMENT_WEBHOOK_JOB, async ({ body }) => {
        if (!deliver) throw new Error('sandbox payment webhook delivery is not wired');
        await deliver(body, {
          'content-type': 'application/json',
          'stripe-signature': stripeSignatureHeader(body, deps.webhookSecret, now()),
        });
      });
    },

    /** The checkout page's view of a session. */
    async session(id: string): Promise<SandboxCheckoutRow> {
      const row = await find(id);
      if (!row) throw new SandboxCheckoutError(404, 'Checkout not found.');
      if (row.status === 'open' && row.expiresAt <= now()) {
        await retrieve(row.id);
        return (await find(row.id)) ?? row;
      }
      return row;
    },

    /** The person pays on the checkout page: the session completes and Stripe's event goes out. */
    async pay(id: string): Promise<SandboxCheckoutRow> {
      const row = await this.session(id);
      if (row.status !== 'open')
        throw new SandboxCheckoutError(
          409,
          row.status === 'complete' ? 'This checkout is already paid.' : 'This checkout has expired.',
        );
      const paid = await close(row.id, 'complete');
      if (!paid) throw new SandboxCheckoutError(409, 'This checkout is no longer open.');
      await emit('checkout.session.completed', paid);
      return paid;
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;

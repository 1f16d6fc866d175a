import { pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, units } from '../../db/columns.js';

/**
 * The sandbox payment gateway's own records (as a real gateway keeps its checkout sessions):
 * the product knows a session only by its id, the checkout page and the signed webhooks.
 */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    id: text('id').primaryKey(),
    /**
     * Our payment's id, as Stripe's client_reference_id. One session per payment: Stripe's
     * Idempotency-Key (checkout-{paymentId}) gives a retried create the first session, and so
     * does this.
     */
    clientReferenceId: text('client_reference_id').notNull(),
    amountCents: units('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    /** open, then complete (paid) or expired (cancelled or past expiresAt). */
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('sandbox_checkouts_client_reference_id_unique').on(t.clientReferenceId)],
);

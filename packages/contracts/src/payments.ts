import { z } from 'zod';
import { decimalStringSchema } from './money.js';
import { cursorSchema, pageInfoShape, pageSizeSchema } from './paging.js';
import { text } from './text.js';
import { transactionSchema } from './wallet.js';

/*
 * Gold Convert services (DESIGN.md section 8 "Spend To Save and Remit to save").
 *
 * Spend To Save: the customer pays N USD by card through the payment gateway; gold worth N
 * minus the 1.5% fee goes into their GSA at the price of the quote they were shown, once per
 * payment however often the gateway's webhook arrives.
 *
 * Remit to save: USDT to another verified customer found by e-mail or referral code; an
 * optional round-up (to the next 1, 5 or 10 USDT) is saved as gold for the sender at the
 * same terms as Spend To Save. One ledger entry moves all of it.
 */

export const SPEND_TO_SAVE_FEE_BPS = 150;
export const PAYMENT_MIN_USD = '10';
export const PAYMENT_MAX_USD = '10000';
/**
 * How long a checkout stays payable. Stripe refuses an `expires_at` less than 30 minutes (or
 * more than 24 hours) after it creates the session, measured on its own clock; ours is read
 * before the payment row is written and the API call is made, and the seconds are floored, so
 * exactly 30 would be refused. Five minutes cover that latency, a retried call and clock skew.
 */
export const CHECKOUT_TTL_MINUTES = 35;
export const REMIT_MIN_USDT = '1';
export const REMIT_ROUND_UP_STEPS = [1, 5, 10] as const;
export type RoundUpStep = (typeof REMIT_ROUND_UP_STEPS)[number];

/** Dollars and cents as typed: "50", "49.99". */
export const usdAmountSchema = text(12, { required: 'Amount is required', trim: false }).regex(
  /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/,
  'Enter an amount in dollars and cents, like 50 or 49.99',
);

export const paymentQuoteRequestSchema = z.object({ amountUsd: usdAmountSchema });
/** What a payment buys, shown before the checkout; `quoteId` holds these figures for 30 s. */
export const paymentQuoteSchema = z.object({
  quoteId: z.string(),
  amountUsd: z.string(),
  feeUsd: z.string(),
  /** What buys gold: the amount minus the fee. */
  netUsd: z.string(),
  grams: z.string(),
  /** USD per gram: today's spot price. */
  price: z.string(),
  expiresAt: z.string(),
});
export type PaymentQuote = z.infer<typeof paymentQuoteSchema>;

export const checkoutRequestSchema = z.object({
  amountUsd: usdAmountSchema,
  quoteId: z.uuid({ error: 'Unknown quote' }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** pending: the checkout is open; credited: paid and the grams are in the GSA. */
export const PAYMENT_STATUSES = ['pending', 'credited', 'cancelled', 'expired', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentSchema = z.object({
  id: z.string(),
  code: z.string(),
  amountUsd: z.string(),
  feeUsd: z.string(),
  grams: z.string(),
  price: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  failureReason: z.string().nullable(),
  /** The gateway's checkout page while the payment is pending. */
  checkoutUrl: z.string().nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const checkoutResponseSchema = z.object({
  paymentId: z.string(),
  checkoutUrl: z.string(),
  payment: paymentSchema,
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
export const paymentResponseSchema = z.object({ payment: paymentSchema });
export const paymentsResponseSchema = z.object({ data: z.array(paymentSchema) });

/** The sandbox gateway's checkout page (`/sandbox-checkout/{id}`) reads its session. */
export const sandboxCheckoutSchema = z.object({
  id: z.string(),
  amountUsd: z.string(),
  description: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  successUrl: z.string(),
  cancelUrl: z.string(),
  expiresAt: z.string(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;
export const sandboxCheckoutResultSchema = z.object({ checkout: sandboxCheckoutSchema, redirectTo: z.string() });

/** An e-mail address or a referral code. */
export const recipientSchema = text(254, { required: 'Enter the recipient’s e-mail or referral code' }).min(
  1,
  'Enter the recipient’s e-mail or referral code',
);
const roundUpSchema = z
  .literal([...REMIT_ROUND_UP_STEPS], { error: 'Round up to the next 1, 5 or 10 USDT' })
  .nullable()
  .optional();
export const remitQuoteRequestSchema = z.object({
  recipient: recipientSchema,
  amountUsdt: decimalStringSchema,
  roundUpTo: roundUpSchema,
});
export type RemitQuoteRequest = z.infer<typeof remitQuoteRequestSchema>;
/** What a remittance will do, shown before confirming; `quoteId` holds the round-up's gold for 30 s. */
export const remitQuoteSchema = z.object({
  quoteId: z.string().nullable(),
  /** Only the masked KYC name (decision 010): typing an e-mail or a code reveals no more. */
  recipient: z.object({ maskedName: z.string() }),
  amountUsdt: z.string(),
  roundUpUsdt: z.string(),
  totalUsdt: z.string(),
  grams: z.string(),
  feeUsdt: z.string(),
  price: z.string(),
  expiresAt: z.string().nullable(),
});
export type RemitQuote = z.infer<typeof remitQuoteSchema>;
export const remitRequestSchema = remitQuoteRequestSchema.extend({
  /** Required with a round-up: the quote whose grams the customer saw. */
  quoteId: z.uuid({ error: 'Unknown quote' }).nullable().optional(),
});
export type RemitRequest = z.infer<typeof remitRequestSchema>;
export const remittanceSchema = z.object({
  id: z.string(),
  code: z.string(),
  direction: z.enum(['sent', 'received']),
  /** The other side, masked: "Jane D.". */
  counterparty: z.string(),
  amountUsdt: z.string(),
  roundUpUsdt: z.string(),
  grams: z.string(),
  createdAt: z.string(),
});
export type Remittance = z.infer<typeof remittanceSchema>;
export const remitResponseSchema = z.object({ remittance: remittanceSchema, transaction: transactionSchema });
/** GET /remittances: sent and received, newest first, a page by key. */
export const remittancesQuerySchema = z.strictObject({ cursor: cursorSchema.optional(), pageSize: pageSizeSchema(20) });
export type RemittancesQuery = z.infer<typeof remittancesQuerySchema>;
export const remittancesResponseSchema = z.object({ data: z.array(remittanceSchema), ...pageInfoShape });
export type RemittancesResponse = z.infer<typeof remittancesResponseSchema>;

/* The back office: every customer's payments and remittances, for support. */
export const adminPaymentsQuerySchema = z
  .object({
    status: z.enum(PAYMENT_STATUSES, { error: 'Unknown payment status' }).optional(),
    cursor: cursorSchema.optional(),
    pageSize: pageSizeSchema(50),
  })
  .strict();
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;
export const adminPaymentSchema = paymentSchema.extend({
  username: z.string(),
  email: z.string(),
  gateway: z.string(),
  sessionId: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentsResponseSchema = z.object({ data: z.array(adminPaymentSchema), ...pageInfoShape });
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;
export const adminRemittanceSchema = z.object({
  id: z.string(),
  code: z.string(),
  sender: z.string(),
  recipient: z.string(),
  amountUsdt: z.string(),
  roundUpUsdt: z.string(),
  grams: z.string(),
  createdAt: z.string(),
});
export type AdminRemittance = z.infer<typeof adminRemittanceSchema>;
export const adminRemittancesQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(50),
});
export type AdminRemittancesQuery = z.infer<typeof adminRemittancesQuerySchema>;
export const adminRemittancesResponseSchema = z.object({ data: z.array(adminRemittanceSchema), ...pageInfoShape });
export type AdminRemittancesResponse = z.infer<typeof adminRemittancesResponseSchema>;

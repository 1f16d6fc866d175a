import { z } from 'zod';
import { decimalStringSchema } from './money.js';
import { cursorSchema, pageInfoShape, pageSizeSchema } from './paging.js';
import { recipientSchema } from './payments.js';
import { text } from './text.js';
import { transactionSchema } from './wallet.js';

/*
 * Gift gold (DESIGN.md section 11, docs/decisions/021-gift-gold.md): grams from the sender's
 * gold savings account to another customer's, or to an e-mail with no verified customer, where
 * they wait in escrow until that address signs up and is verified, or return after 30 days.
 */

/** How long grams gifted to an invited address wait before they return to the sender. */
export const GIFT_ESCROW_DAYS = 30;
/** The longest message a gift carries. */
export const GIFT_MESSAGE_MAX = 200;

export const giftQuoteRequestSchema = z.object({
  recipient: recipientSchema,
  grams: decimalStringSchema,
  message: text(GIFT_MESSAGE_MAX, { multiline: true }).nullable().optional(),
});
export type GiftQuoteRequest = z.infer<typeof giftQuoteRequestSchema>;

/** A customer (their masked KYC name), or an address invited to sign up. */
export const giftRecipientSchema = z.union([
  z.object({ maskedName: z.string() }),
  z.object({ invited: z.literal(true) }),
]);
export type GiftRecipient = z.infer<typeof giftRecipientSchema>;

/** What a gift will do, shown before confirming; valid 30 s. */
export const giftQuoteSchema = z.object({
  quoteId: z.string(),
  recipient: giftRecipientSchema,
  grams: z.string(),
  /** The grams' value at the spot price (USDT), for information: nothing is paid. */
  valueUsdt: z.string(),
  message: z.string().nullable(),
  expiresAt: z.string(),
});
export type GiftQuote = z.infer<typeof giftQuoteSchema>;

export const giftRequestSchema = z.object({ quoteId: z.uuid({ error: 'Unknown quote' }) });
export type GiftRequest = z.infer<typeof giftRequestSchema>;

/** waiting: in escrow for an invited address; claimed: in the recipient's GSA; returned: back with the sender. */
export const GIFT_STATUSES = ['waiting', 'claimed', 'returned'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

export const giftSchema = z.object({
  id: z.string(),
  code: z.string(),
  direction: z.enum(['sent', 'received']),
  /** The other side: a masked name ("Jane D."), or for a sender's gift still waiting, the masked address invited. */
  counterparty: z.string(),
  invited: z.boolean(),
  grams: z.string(),
  valueUsdt: z.string(),
  message: z.string().nullable(),
  status: z.enum(GIFT_STATUSES),
  /** When a waiting gift returns to its sender if not claimed. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Gift = z.infer<typeof giftSchema>;

export const giftResponseSchema = z.object({ gift: giftSchema, transaction: transactionSchema });
export type GiftResponse = z.infer<typeof giftResponseSchema>;

/** GET /gifts: sent and received, newest first, a page by key. */
export const giftsQuerySchema = z.strictObject({ cursor: cursorSchema.optional(), pageSize: pageSizeSchema(20) });
export type GiftsQuery = z.infer<typeof giftsQuerySchema>;
export const giftsResponseSchema = z.object({ data: z.array(giftSchema), ...pageInfoShape });
export type GiftsResponse = z.infer<typeof giftsResponseSchema>;

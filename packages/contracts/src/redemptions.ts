import { z } from 'zod';
import { decimalStringSchema } from './money.js';
import { reviewQueueSchema } from './review.js';
import { text } from './text.js';

/*
 * Physical redemption (DESIGN.md section 11, docs/decisions/022-physical-redemption.md): the
 * operator's catalogue of coins and small bars; a customer quotes a product from the gold
 * savings account (the fine grams, and the making and delivery fees turned into grams at the
 * quote's gold price), confirms with a delivery address (the grams are locked), an operator
 * approves (a review), ships and marks it delivered. Amounts are decimal strings: grams (GOLD,
 * 6 decimals), fees in USDT.
 */

/** A catalogue product as the operator writes it. */
export const redemptionProductInputSchema = z.object({
  name: text(80, { required: 'Name is required' }).min(1, 'Name is required'),
  fineGrams: decimalStringSchema,
  makingFeeUsdt: decimalStringSchema,
  deliveryFeeUsdt: decimalStringSchema,
  active: z.boolean(),
});
export type RedemptionProductInput = z.infer<typeof redemptionProductInputSchema>;

export const redemptionProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  fineGrams: z.string(),
  makingFeeUsdt: z.string(),
  deliveryFeeUsdt: z.string(),
  active: z.boolean(),
});
export type RedemptionProduct = z.infer<typeof redemptionProductSchema>;
export const redemptionProductsResponseSchema = z.object({ data: z.array(redemptionProductSchema) });
export const redemptionProductResponseSchema = z.object({ product: redemptionProductSchema });

/** The most pieces of one product a redemption takes. */
export const REDEMPTION_MAX_QUANTITY = 100;

export const redemptionQuoteRequestSchema = z.object({
  productId: z.uuid({ error: 'Product not found.' }),
  quantity: z
    .number({ error: 'quantity is a whole number of pieces' })
    .int('quantity is a whole number of pieces')
    .min(1, 'quantity is at least 1')
    .max(REDEMPTION_MAX_QUANTITY, `quantity is at most ${REDEMPTION_MAX_QUANTITY}`),
});
export type RedemptionQuoteRequest = z.infer<typeof redemptionQuoteRequestSchema>;

export const redemptionQuoteSchema = z.object({
  quoteId: z.string(),
  product: redemptionProductSchema,
  quantity: z.number().int(),
  /** The metal delivered: the product's fine grams x quantity. */
  fineGrams: z.string(),
  makingFeeUsdt: z.string(),
  deliveryFeeUsdt: z.string(),
  /** Both fees, in grams at `price` (rounded up to the microgram). */
  feeGrams: z.string(),
  /** What leaves the gold savings account: fine grams + fee grams. */
  grams: z.string(),
  /** The gold price (USDT per gram, spot) the fees were turned into grams at. */
  price: z.string(),
  expiresAt: z.string(),
});
export type RedemptionQuote = z.infer<typeof redemptionQuoteSchema>;

const line = (label: string, max: number) =>
  text(max, { required: `${label} is required` }).min(1, `${label} is required`);

/** Where the metal goes: every line but the second is required. */
export const deliveryAddressSchema = z.object({
  fullName: line('Full name', 100),
  line1: line('Address line 1', 120),
  line2: text(120).optional(),
  city: line('City', 80),
  postalCode: line('Postal code', 20),
  country: line('Country', 80),
  phone: line('Phone', 30).regex(/^\+?[0-9 ()-]{6,30}$/, 'Enter a phone number (digits, spaces, +, -)'),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const redemptionRequestSchema = z.object({
  quoteId: z.uuid({ error: 'Quote not found.' }),
  address: deliveryAddressSchema,
});
export type RedemptionRequestBody = z.infer<typeof redemptionRequestSchema>;

/**
 * requested (grams locked) -> approved -> shipped -> delivered (the grams left the ledger and
 * the vault); or rejected by the operator / cancelled by the customer before approval (the
 * grams returned).
 */
export const REDEMPTION_STATUSES = ['requested', 'approved', 'shipped', 'delivered', 'rejected', 'cancelled'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

export const redemptionSchema = z.object({
  id: z.string(),
  code: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  fineGrams: z.string(),
  feeGrams: z.string(),
  grams: z.string(),
  makingFeeUsdt: z.string(),
  deliveryFeeUsdt: z.string(),
  price: z.string(),
  address: deliveryAddressSchema,
  status: z.enum(REDEMPTION_STATUSES),
  reason: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;
export const redemptionResponseSchema = z.object({ redemption: redemptionSchema });
export const redemptionsResponseSchema = z.object({ data: z.array(redemptionSchema) });

/** The operator's queue (a review) and fulfilment list: each redemption with who asked. */
export const adminRedemptionSchema = redemptionSchema.extend({ username: z.string(), email: z.string() });
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export const adminRedemptionsResponseSchema = reviewQueueSchema(adminRedemptionSchema);
export const adminRedemptionListSchema = z.object({ data: z.array(adminRedemptionSchema) });

export const redemptionShipSchema = z.object({
  carrier: line('Carrier', 60),
  trackingNumber: line('Tracking number', 60),
});
export type RedemptionShipBody = z.infer<typeof redemptionShipSchema>;

/** Marking delivered: the vault bar the metal came from (default: the first bar holding enough). */
export const redemptionDeliverSchema = z.object({ barId: z.uuid({ error: 'Vault bar not found.' }).optional() });
export type RedemptionDeliverBody = z.infer<typeof redemptionDeliverSchema>;

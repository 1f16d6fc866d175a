import { z } from 'zod';
import { GAE_TERMINATION_SPREAD_BPS } from './gold.js';
import { decimalStringSchema } from './money.js';
import { reviewQueueSchema } from './review.js';
import { text } from './text.js';

/*
 * USDAU Request External (DESIGN.md section 8): a customer turns GSA grams into USDAU sent to
 * an address of their own, once an operator approves. Amounts are decimal strings: grams (GOLD,
 * 6 decimals) and USDAU (18 decimals).
 */

/** A 0x address of 40 hex digits; mixed case must be a valid EIP-55 checksum (checked by the server). */
export const evmAddressSchema = text(42, { required: 'Address is required' }).regex(
  /^0x[0-9a-fA-F]{40}$/,
  'Enter a 0x address of 40 hexadecimal characters',
);
export const usdauRequestBodySchema = z.object({ grams: decimalStringSchema, address: evmAddressSchema });
/** The smallest USDAU request. */
export const USDAU_MIN_GRAMS = '0.1';
/** USDAU paid per gram: spot x 0.98, the price the platform buys gold back at (as a termination). */
export const USDAU_SPREAD_BPS = GAE_TERMINATION_SPREAD_BPS;
export type UsdauRequestBody = z.infer<typeof usdauRequestBodySchema>;
export const USDAU_STATUSES = ['pending', 'approved', 'sent', 'rejected', 'failed'] as const;
export const usdauRequestSchema = z.object({
  id: z.string(),
  code: z.string(),
  grams: z.string(),
  address: z.string(),
  /** USDAU to be sent: grams x spot x 0.98 at the request. */
  usdauAmount: z.string(),
  price: z.string(),
  status: z.enum(USDAU_STATUSES),
  reason: z.string().nullable(),
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type UsdauRequest = z.infer<typeof usdauRequestSchema>;
export const usdauRequestResponseSchema = z.object({ request: usdauRequestSchema });
export const usdauRequestsResponseSchema = z.object({ data: z.array(usdauRequestSchema) });

/** The operator's queue. */
export const adminUsdauRequestSchema = usdauRequestSchema.extend({ username: z.string(), email: z.string() });
export const adminUsdauRequestsResponseSchema = reviewQueueSchema(adminUsdauRequestSchema);

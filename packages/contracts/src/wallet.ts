import { z } from 'zod';
import { assetSchema, decimalStringSchema } from './money.js';

/** Transaction types of the history pages (DESIGN.md section 4); later issues add theirs. */
export const TRANSACTION_TYPES = ['QMGT', 'CONVERT', 'GAE', 'GAEX', 'USDAU', 'DEPOSIT'] as const;
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES, { error: 'Unknown transaction type' });
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed'] as const;

/** The `transaction` of DESIGN.md section 4; amounts are decimal strings of their asset. */
export const transactionSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: transactionTypeSchema,
  status: z.enum(TRANSACTION_STATUSES),
  assetIn: assetSchema.nullable(),
  amountIn: z.string().nullable(),
  assetOut: assetSchema.nullable(),
  amountOut: z.string().nullable(),
  /** USDT per unit of the other asset. */
  price: z.string().nullable(),
  fee: z.string().nullable(),
  feeAsset: assetSchema.nullable(),
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionResponseSchema = z.object({ transaction: transactionSchema });

export const transactionsQuerySchema = z.object({
  type: transactionTypeSchema.optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1)
    .max(100, 'pageSize is at most 100')
    .default(20),
});
export const transactionsResponseSchema = z.object({ data: z.array(transactionSchema), total: z.number().int() });

export const SWAP_ASSETS = ['USDT', 'QMGT'] as const;
const swapAssetSchema = z.enum(SWAP_ASSETS, { error: 'Swaps are between USDT and QMGT' });

export const swapQuoteRequestSchema = z
  .object({ from: swapAssetSchema, to: swapAssetSchema, amount: decimalStringSchema })
  .refine((v) => v.from !== v.to, { message: 'Choose two different assets', path: ['to'] });
export type SwapQuoteRequest = z.infer<typeof swapQuoteRequestSchema>;

export const swapQuoteSchema = z.object({
  quoteId: z.string(),
  from: assetSchema,
  to: assetSchema,
  /** USDT per QMGT. */
  price: z.string(),
  amountIn: z.string(),
  amountOut: z.string(),
  fee: z.string(),
  feeAsset: assetSchema,
  expiresAt: z.string(),
});
export type SwapQuote = z.infer<typeof swapQuoteSchema>;

export const swapRequestSchema = z.object({ quoteId: z.uuid({ error: 'Unknown quote' }) });
export const sellTokenRequestSchema = z.object({ amount: decimalStringSchema });

export const balanceResponseSchema = z.object({ usdt: z.string(), qmgt: z.string() });
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

export const accountAddressResponseSchema = z.object({ data: z.string() });

export const goldPriceResponseSchema = z.object({
  /** USD per gram. */
  spot: z.string(),
  buy: z.string(),
  sell: z.string(),
  at: z.string(),
  history: z.array(z.object({ at: z.string(), spot: z.string() })),
});
export type GoldPriceResponse = z.infer<typeof goldPriceResponseSchema>;

export const QUOTE_TTL_MS = 30_000;

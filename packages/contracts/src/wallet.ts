import { z } from 'zod';
import { assetSchema, decimalStringSchema } from './money.js';
import { text } from './text.js';
import { cursorSchema, legacyPageSchema, pageInfoShape, pageSizeSchema } from './paging.js';

/** Transaction types of the history pages (DESIGN.md section 4); later issues add theirs. */
export const TRANSACTION_TYPES = [
  'QMGT',
  'CONVERT',
  'GAE',
  'GAEX',
  'USDAU',
  'DEPOSIT',
  'TERMINATION',
  'REWARD',
  'STAKING',
  'GES',
  'PAYMENT',
  'REMIT',
  'REDEMPTION',
  'GIFT',
] as const;
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

// Strict: a query parameter the history does not know is refused rather than silently ignored.
// `cursor` (from the previous answer's nextCursor) pages by key; `page` still works for old links.
export const transactionsQuerySchema = z.strictObject({
  type: transactionTypeSchema.optional(),
  cursor: cursorSchema.optional(),
  page: legacyPageSchema,
  pageSize: pageSizeSchema(20),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;
/** One page of the history, newest first; no total: counting the whole history is what paging by key avoids. */
export const transactionsResponseSchema = z.object({ data: z.array(transactionSchema), ...pageInfoShape });

/** A transaction's code as it appears in /transactions/{type}/{code}. */
export const transactionCodeSchema = text(40, { maxMessage: 'Transaction not found.' });

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
/**
 * POST /sell-token: the customer gets the price they were shown. Either the quote they saw
 * (`quoteId`, a QMGT -> USDT quote of the same amount) or the least USDT they accept
 * (`minAmountOut`); a sell without either is refused.
 */
export const sellTokenRequestSchema = z
  .object({
    amount: decimalStringSchema,
    quoteId: z.uuid({ error: 'Unknown quote' }).optional(),
    minAmountOut: decimalStringSchema.optional(),
  })
  .refine((v) => v.quoteId !== undefined || v.minAmountOut !== undefined, {
    message: 'Give the quote you were shown (quoteId) or the least USDT you accept (minAmountOut)',
    path: ['quoteId'],
  });
export type SellTokenRequest = z.infer<typeof sellTokenRequestSchema>;

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

/** GET /explorer/tx/{hash} (public): the local chain's view of a transaction, for the built-in explorer page. */
export const explorerTxSchema = z.object({
  hash: z.string(),
  status: z.enum(['pending', 'success', 'reverted']),
  blockNumber: z.string().nullable(),
  timestamp: z.string().nullable(),
  confirmations: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  /** Token movements decoded from the logs; `token` is null for a contract the platform does not know. */
  transfers: z.array(z.object({ token: z.string().nullable(), from: z.string(), to: z.string(), amount: z.string() })),
});
export type ExplorerTx = z.infer<typeof explorerTxSchema>;

/** POST /dev/faucet (sandbox): test USDT minted to the caller's deposit address. */
export const faucetRequestSchema = z.object({
  asset: z.literal('USDT', { error: 'The faucet gives USDT only' }),
  amount: decimalStringSchema,
});
export const faucetResponseSchema = z.object({ txHash: z.string(), explorerUrl: z.string(), address: z.string() });
export type FaucetResponse = z.infer<typeof faucetResponseSchema>;

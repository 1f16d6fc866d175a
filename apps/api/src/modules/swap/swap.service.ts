import { and, eq } from 'drizzle-orm';
import {
  AmountError,
  QUOTE_TTL_MS,
  fromUnits,
  toUnits,
  type SwapQuote,
  type SwapQuoteRequest,
  type Transaction,
} from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import { swapQuotes } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { PostingLine } from '../ledger/ledger.rules.js';
import type { MarketService } from '../market/market.service.js';
import { QuoteError, quoteSwap, type PricingPolicy, type SwapQuote as QuoteFigures } from '../market/market.rules.js';
import type { TransactionsService } from '../transactions/transactions.service.js';

export const SETTLE_SWAP_JOB = 'chain.settle-swap';

export interface SwapDeps {
  db: Db;
  ledger: LedgerService;
  market: MarketService;
  transactions: TransactionsService;
  queue: JobQueue;
  policy: PricingPolicy;
  now?: () => Date;
}

/**
 * The ledger entry of a swap: what the customer pays goes to the treasury, what they receive
 * comes from it, and the fee (kept back from what they receive) goes to the fees account.
 */
export function swapPostings(userId: string, q: QuoteFigures): PostingLine[] {
  return [
    { account: { userId, purpose: 'available' }, asset: q.assetIn, amount: -q.amountIn },
    { account: { platform: 'treasury' }, asset: q.assetIn, amount: q.amountIn },
    { account: { platform: 'treasury' }, asset: q.assetOut, amount: -(q.amountOut + q.fee) },
    { account: { userId, purpose: 'available' }, asset: q.assetOut, amount: q.amountOut },
    ...(q.fee > 0n ? [{ account: { platform: 'fees' as const }, asset: q.assetOut, amount: q.fee }] : []),
  ];
}

function parseAmount(amount: string, asset: 'USDT' | 'QMGT'): bigint {
  try {
    return toUnits(amount, asset);
  } catch (error) {
    if (error instanceof AmountError) throw badRequest(`${error.message}.`, { field: 'amount' });
    throw error;
  }
}

function figures(
  direction: { from: 'USDT' | 'QMGT'; to: 'USDT' | 'QMGT' },
  amountIn: bigint,
  spot: bigint,
  policy: PricingPolicy,
): QuoteFigures {
  try {
    return quoteSwap(
      direction.from === 'USDT' ? { from: 'USDT', to: 'QMGT' } : { from: 'QMGT', to: 'USDT' },
      amountIn,
      spot,
      policy,
    );
  } catch (error) {
    if (error instanceof QuoteError) throw badRequest(error.message, { field: 'amount' });
    throw error;
  }
}

export function createSwapService(deps: SwapDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Posts the swap and records its transaction, in the caller's database transaction. */
  async function book(tx: Tx, userId: string, q: QuoteFigures) {
    const entryId = await deps.ledger.post(
      tx,
      { type: q.assetIn === 'USDT' ? 'swap.buy_qmgt' : 'swap.sell_qmgt' },
      swapPostings(userId, q),
    );
    return deps.transactions.create(tx, {
      userId,
      type: 'QMGT',
      assetIn: q.assetIn,
      amountIn: q.amountIn,
      assetOut: q.assetOut,
      amountOut: q.amountOut,
      price: q.price,
      fee: q.fee,
      feeAsset: q.assetOut,
      journalEntryId: entryId,
    });
  }

  return {
    async quote(userId: string, request: SwapQuoteRequest): Promise<SwapQuote> {
      const amountIn = parseAmount(request.amount, request.from);
      const { usdPerGram } = await deps.market.spot();
      const q = figures(request, amountIn, usdPerGram, deps.policy);
      const expiresAt = new Date(now().getTime() + QUOTE_TTL_MS);
      const [row] = await db
        .insert(swapQuotes)
        .values({
          userId,
          assetIn: q.assetIn,
          assetOut: q.assetOut,
          amountIn: q.amountIn.toString(),
          amountOut: q.amountOut.toString(),
          fee: q.fee.toString(),
          price: q.price.toString(),
          expiresAt,
        })
        .returning({ id: swapQuotes.id });
      if (!row) throw new Error('insert returned no row');
      return {
        quoteId: row.id,
        from: q.assetIn,
        to: q.assetOut,
        price: fromUnits(q.price, 'USDT'),
        amountIn: fromUnits(q.amountIn, q.assetIn),
        amountOut: fromUnits(q.amountOut, q.assetOut),
        fee: fromUnits(q.fee, q.assetOut),
        feeAsset: q.assetOut,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Executes a quote once, for its owner, before it expires. */
    async swap(userId: string, quoteId: string): Promise<Transaction> {
      const row = await db.transaction(async (tx) => {
        const [quote] = await tx
          .select()
          .from(swapQuotes)
          .where(and(eq(swapQuotes.id, quoteId), eq(swapQuotes.userId, userId)))
          .for('update')
          .limit(1);
        if (!quote) throw notFound('Quote not found.');
        if (quote.usedAt) throw conflict('This quote has already been used.');
        if (quote.expiresAt.getTime() <= now().getTime())
          throw new AppError(422, 'UnprocessableError', 'This quote has expired. Please ask for a new one.');
        await tx.update(swapQuotes).set({ usedAt: now() }).where(eq(swapQuotes.id, quote.id));
        return book(tx, userId, {
          assetIn: quote.assetIn,
          assetOut: quote.assetOut,
          amountIn: BigInt(quote.amountIn),
          amountOut: BigInt(quote.amountOut),
          fee: BigInt(quote.fee),
          price: BigInt(quote.price),
        });
      });
      await deps.queue.send(SETTLE_SWAP_JOB, { transactionId: row.id }, { singletonKey: row.id });
      return deps.transactions.toWire(row);
    },

    /** Sells QMGT for USDT at the current sell price (no quote: the amount is what leaves). */
    async sell(userId: string, amount: string): Promise<Transaction> {
      const amountIn = parseAmount(amount, 'QMGT');
      const { usdPerGram } = await deps.market.spot();
      const q = figures({ from: 'QMGT', to: 'USDT' }, amountIn, usdPerGram, deps.policy);
      const row = await db.transaction((tx) => book(tx, userId, q));
      await deps.queue.send(SETTLE_SWAP_JOB, { transactionId: row.id }, { singletonKey: row.id });
      return deps.transactions.toWire(row);
    },
  };
}

export type SwapService = ReturnType<typeof createSwapService>;

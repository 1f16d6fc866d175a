import {
  AmountError,
  QUOTE_TTL_MS,
  fromUnits,
  toUnits,
  type SellTokenRequest,
  type SwapQuote,
  type SwapQuoteRequest,
  type Transaction,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { swapQuotes } from './swap.schema.js';
import { unprocessable } from '../../lib/errors.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { MarketService } from '../market/index.js';
import { QuoteError, quoteSwap, type PricingPolicy, type SwapQuote as QuoteFigures } from '../market/index.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode, type TransactionsService } from '../transactions/index.js';
import type { InputOf } from '../money/index.js';

export interface SwapDeps {
  db: Db;
  money: MoneyEngine;
  market: MarketService;
  transactions: TransactionsService;
  policy: PricingPolicy;
  now?: () => Date;
}

/** A money operation's outcome as a route answers it. */
export interface SwapOutcome {
  transaction: Transaction;
  replayed: boolean;
}

function parseAmount(amount: string, asset: 'USDT' | 'QMGT', field = 'amount'): bigint {
  try {
    return toUnits(amount, asset);
  } catch (error) {
    // The document says "a decimal string"; how many decimals an asset has is a rule: 422.
    if (error instanceof AmountError) throw unprocessable(`${error.message}.`, { field });
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
    // Minimums and maximums are pricing rules, not the document's shape: 422.
    if (error instanceof QuoteError) throw unprocessable(error.message, { field: 'amount' });
    throw error;
  }
}

/**
 * Swaps and sells of QMGT. Pricing is the market's pure rules; the movement itself is one
 * money-engine operation (`swap`, `sell` in SQL): quote check, postings, transaction, chain
 * outbox and the Idempotency-Key's answer in one commit.
 */
export function createSwapService(deps: SwapDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** A swap or a sell, as this customer, now, under a new QMGT transaction code. */
  async function execute<K extends 'swap' | 'sell'>(
    operation: { kind: K } & Omit<InputOf<K>, 'code'>,
    userId: string,
    claim: IdempotencyClaim,
  ) {
    const op = { ...operation, code: newTransactionCode('QMGT') } as { kind: K } & InputOf<K>;
    const answer = await deps.money.run<K>(userId, op, { now: now(), claim });
    return { transaction: deps.transactions.fromEngine(answer.transaction), replayed: answer.replayed === true };
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
    swap(userId: string, quoteId: string, claim: IdempotencyClaim): Promise<SwapOutcome> {
      return execute({ kind: 'swap', quoteId }, userId, claim);
    },

    /**
     * Sells QMGT for USDT at the price the customer was shown: the quote they saw, or the
     * current sell price as long as it gives them at least `minAmountOut`.
     */
    async sell(userId: string, request: SellTokenRequest, claim: IdempotencyClaim): Promise<SwapOutcome> {
      const amountIn = parseAmount(request.amount, 'QMGT');
      if (request.quoteId)
        return execute(
          { kind: 'swap', quoteId: request.quoteId, expectAssetIn: 'QMGT', expectAmountIn: amountIn.toString() },
          userId,
          claim,
        );
      const minAmountOut = parseAmount(request.minAmountOut!, 'USDT', 'minAmountOut');
      const { usdPerGram } = await deps.market.spot();
      const q = figures({ from: 'QMGT', to: 'USDT' }, amountIn, usdPerGram, deps.policy);
      return execute(
        {
          kind: 'sell',
          amountIn: q.amountIn.toString(),
          amountOut: q.amountOut.toString(),
          fee: q.fee.toString(),
          price: q.price.toString(),
          minAmountOut: minAmountOut.toString(),
        },
        userId,
        claim,
      );
    },
  };
}

export type SwapService = ReturnType<typeof createSwapService>;

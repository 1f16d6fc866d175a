import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  balanceResponseSchema,
  fromUnits,
  goldPriceResponseSchema,
  sellTokenRequestSchema,
  swapQuoteRequestSchema,
  swapQuoteSchema,
  swapRequestSchema,
  transactionResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  transactionTypeSchema,
} from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { MarketService } from '../market/market.service.js';
import type { TransactionsService } from '../transactions/transactions.service.js';
import type { SwapService } from './swap.service.js';

export interface WalletRoutesOptions {
  swap: SwapService;
  ledger: LedgerService;
  market: MarketService;
  transactions: TransactionsService;
  idempotency: IdempotencyService;
}

const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(200).optional() }).loose();

export const walletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { swap, ledger, market, transactions, idempotency } = options;
  const tags = ['wallet'];
  const security = [{ bearer: [] }];

  /** Runs a money-moving handler under the caller's Idempotency-Key and answers as the first run did. */
  async function once(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: string,
    body: unknown,
    run: () => Promise<unknown>,
  ) {
    const key = request.headers['idempotency-key'];
    const result = await idempotency.run(
      { userId: currentAuth(request).user.id, key: Array.isArray(key) ? key[0] : key, scope, body },
      async () => ({ status: 200, body: await run() }),
    );
    if (result.replayed) void reply.header('Idempotent-Replayed', 'true');
    return reply.status(result.status).send(result.body);
  }

  app.get(
    apiPaths.qmgtBalance,
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Available USDT and QMGT', response: { 200: balanceResponseSchema } },
    },
    async (request) => {
      const balances = await ledger.balances(currentAuth(request).user.id);
      return { usdt: fromUnits(balances.USDT.available, 'USDT'), qmgt: fromUnits(balances.QMGT.available, 'QMGT') };
    },
  );

  app.get(
    apiPaths.goldPrice,
    {
      schema: {
        tags: ['market'],
        summary: 'Gold spot (USD per gram), QMGT buy/sell prices and history',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(7) }),
        response: { 200: goldPriceResponseSchema },
      },
    },
    async (request) => {
      const spot = await market.spot();
      const prices = market.prices(spot.usdPerGram);
      const history = await market.history(new Date(Date.now() - request.query.days * 86_400_000));
      return {
        spot: fromUnits(spot.usdPerGram, 'USDT'),
        buy: fromUnits(prices.buy, 'USDT'),
        sell: fromUnits(prices.sell, 'USDT'),
        at: spot.at.toISOString(),
        history: history.map((t) => ({ at: t.at.toISOString(), spot: fromUnits(BigInt(t.usdPerGram), 'USDT') })),
      };
    },
  );

  app.post(
    apiPaths.swapQuote,
    {
      preHandler: app.requireVerified,
      schema: {
        tags,
        security,
        summary: 'A 30-second quote: price, amounts and fee before confirming',
        body: swapQuoteRequestSchema,
        response: { 200: swapQuoteSchema },
      },
    },
    async (request) => swap.quote(currentAuth(request).user.id, request.body),
  );

  app.post(
    apiPaths.swap,
    {
      preHandler: app.requireVerified,
      schema: {
        tags,
        security,
        summary: 'Execute a quote (Idempotency-Key header)',
        headers: idempotencyHeader,
        body: swapRequestSchema,
        response: { 200: transactionResponseSchema },
      },
    },
    async (request, reply) =>
      once(request, reply, 'swap', request.body, async () => ({
        transaction: await swap.swap(currentAuth(request).user.id, request.body.quoteId),
      })),
  );

  app.post(
    apiPaths.sellToken,
    {
      preHandler: app.requireVerified,
      schema: {
        tags,
        security,
        summary: 'Sell QMGT for USDT at the sell price (Idempotency-Key header)',
        headers: idempotencyHeader,
        body: sellTokenRequestSchema,
        response: { 200: transactionResponseSchema },
      },
    },
    async (request, reply) =>
      once(request, reply, 'sell-token', request.body, async () => ({
        transaction: await swap.sell(currentAuth(request).user.id, request.body.amount),
      })),
  );

  app.get(
    apiPaths.transactions,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The caller’s transactions, newest first',
        querystring: transactionsQuerySchema,
        response: { 200: transactionsResponseSchema },
      },
    },
    async (request) => transactions.list(currentAuth(request).user.id, request.query),
  );

  app.get(
    '/transaction-details/:id/:transactionType',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'One of the caller’s transactions',
        params: z.object({ id: z.uuid({ error: 'Transaction not found.' }), transactionType: transactionTypeSchema }),
        response: { 200: transactionResponseSchema },
      },
    },
    async (request) => ({
      transaction: await transactions.byId(
        currentAuth(request).user.id,
        request.params.id,
        request.params.transactionType,
      ),
    }),
  );

  app.get(
    '/transactions/:transactionType/:transactionCode',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'One of the caller’s transactions by its code',
        params: z.object({ transactionType: transactionTypeSchema, transactionCode: z.string().max(40) }),
        response: { 200: transactionResponseSchema },
      },
    },
    async (request) => ({
      transaction: await transactions.byCode(
        currentAuth(request).user.id,
        request.params.transactionType,
        request.params.transactionCode,
      ),
    }),
  );

  app.get(
    apiPaths.recentActivities,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The caller’s ten latest transactions',
        response: { 200: z.object({ data: transactionsResponseSchema.shape.data }) },
      },
    },
    async (request) => ({ data: await transactions.recent(currentAuth(request).user.id) }),
  );
};

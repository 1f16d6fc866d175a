import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  transactionResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  transactionTypeSchema,
} from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import type { TransactionsService } from './transactions.service.js';

/** The customer's history: lists, details by id or code, recent activity. */
export const transactionsRoutes: FastifyPluginAsync<{ transactions: TransactionsService }> = async (
  fastify,
  { transactions },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['transactions'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.transactions,
    {
      onRequest: app.requireUser,
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
      onRequest: app.requireUser,
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
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'One of the caller’s transactions by its code',
        params: z.object({
          transactionType: transactionTypeSchema,
          transactionCode: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'Transaction not found.'),
        }),
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
      onRequest: app.requireUser,
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

import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  transactionResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  transactionTypeSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
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
  const route = routeDeclarer({ tags, security });

  app.get(
    apiPaths.transactions,
    route({
      guard: app.requireUser,
      summary: 'The caller’s transactions, newest first',
      querystring: transactionsQuerySchema,
      ok: transactionsResponseSchema,
    }),
    // Sent as the text listJson wrote (the schema's encoding, done once per remembered page):
    // Fastify sends a string with a JSON content type as it is, without its response serializer.
    async (request, reply: FastifyReply) => {
      const json = await transactions.listJson(currentAuth(request).user.id, request.query);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/transaction-details/:id/:transactionType',
    route({
      guard: app.requireUser,
      summary: 'One of the caller’s transactions',
      params: z.object({ id: z.uuid({ error: 'Transaction not found.' }), transactionType: transactionTypeSchema }),
      ok: transactionResponseSchema,
    }),
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
    route({
      guard: app.requireUser,
      summary: 'One of the caller’s transactions by its code',
      params: z.object({
        transactionType: transactionTypeSchema,
        transactionCode: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'Transaction not found.'),
      }),
      ok: transactionResponseSchema,
    }),
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

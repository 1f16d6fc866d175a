import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, devPriceRequestSchema, mailboxQuerySchema, mailboxResponseSchema, toUnits } from '@qmgt/contracts';
import type { Services } from '../../services.js';
import type { Db } from '../../db/client.js';
import { listMailbox } from '../../adapters/mail/mailbox.js';
import { AppError } from '../../lib/errors.js';

/** Sandbox-only routes: registered only when SANDBOX is on, so they 404 in production. */
export const devRoutes: FastifyPluginAsync<{ db: Db; services: Services }> = async (fastify, { db, services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.devMailbox,
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Messages the dev mailbox received, newest first',
        querystring: mailboxQuerySchema,
        response: { 200: mailboxResponseSchema },
      },
    },
    async (request) => listMailbox(db, request.query.to),
  );

  app.post(
    apiPaths.devPrice,
    {
      config: { errorStatuses: [422] },
      schema: {
        tags: ['sandbox'],
        summary: 'Set the sandbox gold spot now, in USD per gram (fires the price alerts it crosses)',
        body: devPriceRequestSchema,
        response: { 200: z.object({ usdPerGram: z.string() }) },
      },
    },
    async (request) => {
      const usdPerGram = toUnits(request.body.usdPerGram, 'USDT');
      if (usdPerGram <= 0n) throw new AppError(422, 'ApplicationError', 'The price must be more than zero.');
      // Read when called: the market module registers after this one.
      await services.market.recordSpot(usdPerGram);
      return { usdPerGram: request.body.usdPerGram };
    },
  );
};

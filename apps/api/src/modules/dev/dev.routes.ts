import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, mailboxQuerySchema, mailboxResponseSchema } from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { listMailbox } from '../../adapters/mail/mailbox.js';

/** Sandbox-only routes: registered only when SANDBOX is on, so they 404 in production. */
export const devRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
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
};

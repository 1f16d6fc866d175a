import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDecisionSchema,
  adminTerminationsResponseSchema,
  apiPaths,
  terminationResponseSchema,
} from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import { idempotencyOf } from '../../plugins/idempotency.js';
import type { GaeService } from './gae.service.js';

/** The operator's termination queue. Every route needs the operator role; decisions are audited. */
export const gaeAdminRoutes: FastifyPluginAsync<{ gae: GaeService }> = async (fastify, { gae }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const params = z.object({
    id: z.uuid({ error: 'Termination request not found.' }),
    decision: z.enum(['approve', 'reject'], { error: 'approve or reject' }),
  });

  app.get(
    apiPaths.adminTerminations,
    {
      onRequest: app.requireOperator,
      schema: {
        tags,
        summary: 'GAE termination requests: open ones first',
        response: { 200: adminTerminationsResponseSchema },
      },
    },
    async () => ({ data: await gae.terminationQueue() }),
  );

  app.post(
    '/admin/terminations/:id/:decision',
    {
      onRequest: app.requireOperator,
      // 404 unknown request; 409 already decided; 400 a rejection without a reason.
      config: { idempotent: true, errorStatuses: [404, 409] },
      schema: {
        tags,
        summary: 'Approve (pay the refund, close the plan) or reject (return the grams) a termination request',
        params,
        body: adminDecisionSchema,
        response: { 200: terminationResponseSchema },
      },
    },
    async (request) => ({
      termination: await gae.decideTermination(
        currentAuth(request).user.id,
        request.params.id,
        request.params.decision,
        request.body.reason,
        idempotencyOf(request),
        request.ip,
      ),
    }),
  );
};

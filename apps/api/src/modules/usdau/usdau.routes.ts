import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDecisionSchema,
  adminUsdauRequestsResponseSchema,
  apiPaths,
  usdauRequestBodySchema,
  usdauRequestResponseSchema,
  usdauRequestsResponseSchema,
} from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import { idempotencyOf, markReplayed } from '../../plugins/idempotency.js';
import type { UsdauService } from './usdau.service.js';

/** USDAU Request External and the operator's queue: thin handlers over the service. */
export const usdauRoutes: FastifyPluginAsync<{ usdau: UsdauService }> = async (fastify, { usdau }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['gold savings'];

  app.post(
    apiPaths.requestExternalUsdau,
    {
      onRequest: app.requireVerified,
      // 422: below 0.1 g, too many decimals, a bad checksum, or more grams than the GSA holds.
      config: { idempotent: true, errorStatuses: [422, 503] },
      schema: {
        tags,
        summary: 'Ask for GSA grams to be paid out as USDAU to an external address (Idempotency-Key header)',
        body: usdauRequestBodySchema,
        response: { 200: usdauRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await usdau.request(currentAuth(request).user.id, request.body, idempotencyOf(request));
      markReplayed(reply, outcome.replayed);
      return { request: outcome.request };
    },
  );

  app.get(
    apiPaths.requestExternalUsdau,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The caller's USDAU requests, newest first",
        response: { 200: usdauRequestsResponseSchema },
      },
    },
    async (request) => ({ data: await usdau.list(currentAuth(request).user.id) }),
  );

  app.get(
    apiPaths.adminUsdauRequests,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: ['back office'],
        summary: 'USDAU requests: open ones first',
        response: { 200: adminUsdauRequestsResponseSchema },
      },
    },
    async () => ({ data: await usdau.queue() }),
  );

  app.post(
    '/admin/usdau-requests/:id/:decision',
    {
      onRequest: app.requireOperator,
      // 404 unknown request; 409 already decided; 400 a rejection without a reason; 503 no USDAU token.
      config: { idempotent: true, errorStatuses: [404, 409, 503] },
      schema: {
        tags: ['back office'],
        summary: 'Approve (pay the USDAU on chain) or reject (return the grams) a USDAU request',
        params: z.object({
          id: z.uuid({ error: 'USDAU request not found.' }),
          decision: z.enum(['approve', 'reject'], { error: 'approve or reject' }),
        }),
        body: adminDecisionSchema,
        response: { 200: usdauRequestResponseSchema },
      },
    },
    async (request) => ({
      request: await usdau.decide(
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

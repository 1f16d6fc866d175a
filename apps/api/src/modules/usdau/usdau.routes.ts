import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  usdauRequestBodySchema,
  usdauRequestResponseSchema,
  usdauRequestsResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { currentAuth } from '../../plugins/auth.js';
import { idempotencyOf, replayableAnswer } from '../../plugins/idempotency.js';
import type { UsdauService } from './usdau.service.js';

/** USDAU Request External: thin handlers over the service (the operator's queue is its declared review). */
export const usdauRoutes: FastifyPluginAsync<{ usdau: UsdauService }> = async (fastify, { usdau }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['gold savings'];
  const route = routeDeclarer({ tags });

  app.post(
    apiPaths.requestExternalUsdau,
    route({
      guard: app.requireVerified,
      // 422: below 0.1 g, too many decimals, a bad checksum, or more grams than the GSA holds.
      config: { idempotent: true, errorStatuses: [422, 503] },
      summary: 'Ask for GSA grams to be paid out as USDAU to an external address (Idempotency-Key header)',
      body: usdauRequestBodySchema,
      ok: usdauRequestResponseSchema,
    }),
    async (request, reply) =>
      replayableAnswer(reply, await usdau.request(currentAuth(request).user.id, request.body, idempotencyOf(request))),
  );

  app.get(
    apiPaths.requestExternalUsdau,
    route({
      guard: app.requireUser,
      summary: "The caller's USDAU requests, newest first",
      ok: usdauRequestsResponseSchema,
    }),
    async (request) => ({ data: await usdau.list(currentAuth(request).user.id) }),
  );
};

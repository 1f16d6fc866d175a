import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  usdauRequestBodySchema,
  usdauRequestResponseSchema,
  usdauRequestsResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { moneyOperationDeclarer } from '../../lib/money-routes.js';
import { currentAuth } from '../../plugins/auth.js';
import type { UsdauService } from './usdau.service.js';

/** USDAU Request External: thin handlers over the service (the operator's queue is its declared review). */
export const usdauRoutes: FastifyPluginAsync<{ usdau: UsdauService }> = async (fastify, { usdau }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['gold savings'];
  const route = routeDeclarer({ tags });

  moneyOperationDeclarer(app, route)(apiPaths.requestExternalUsdau, {
    guard: app.requireVerified,
    // 422: below 0.1 g, too many decimals, a bad checksum, or more grams than the GSA holds.
    config: { errorStatuses: [422, 503] },
    summary: 'Ask for GSA grams to be paid out as USDAU to an external address (Idempotency-Key header)',
    body: usdauRequestBodySchema,
    ok: usdauRequestResponseSchema,
    operate: ({ user, body, claim }) => usdau.request(user.id, body, claim),
  });

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

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  barAllocationQuerySchema,
  barAllocationResponseSchema,
  reservesSchema,
  vaultBarInputSchema,
  vaultBarResponseSchema,
  vaultBarsQuerySchema,
  vaultBarsResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { currentAuth } from '../../plugins/auth.js';
import type { ReservesService } from './reserves.service.js';

/** The public proof of reserves and the operator's bar list (every change audited). */
export const reservesRoutes: FastifyPluginAsync<{ reserves: ReservesService }> = async (fastify, { reserves }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const route = routeDeclarer({ tags });
  const params = z.object({ id: z.uuid({ error: 'Vault bar not found.' }) });

  app.get(
    apiPaths.reserves,
    {
      schema: {
        tags: ['gold savings'],
        summary: 'Proof of reserves (public): gold owed on the ledger and on chain against the vaulted bars',
        response: { 200: reservesSchema },
      },
    },
    async () => reserves.current(),
  );

  app.get(
    apiPaths.reservesBars,
    {
      schema: {
        tags: ['gold savings'],
        summary:
          'The vault bars (public), in the order they were listed, paged by key, with the grams allocated to each',
        querystring: vaultBarsQuerySchema,
        response: { 200: vaultBarsResponseSchema },
      },
    },
    async (request) => reserves.bars(request.query),
  );

  const customerRoute = routeDeclarer({ tags: ['gold savings'], security: [{ bearer: [] }] });
  app.get(
    apiPaths.reservesAllocation,
    customerRoute({
      guard: app.requireUser,
      summary:
        "The vault bars behind the caller's grams: each bar, the caller's grams on it and share of it, paged by key",
      querystring: barAllocationQuerySchema,
      ok: barAllocationResponseSchema,
    }),
    async (request) => reserves.allocationOf(currentAuth(request).user.id, request.query),
  );

  app.get(
    apiPaths.adminVaultBars,
    route({
      guard: app.requireOperator,
      summary: 'The bars in the vault, in the order they were listed, paged by key',
      querystring: vaultBarsQuerySchema,
      ok: vaultBarsResponseSchema,
    }),
    async (request) => reserves.bars(request.query),
  );

  app.post(
    apiPaths.adminVaultBars,
    route({
      guard: app.requireOperator,
      // 409: the refinery's serial is already listed; 422: fine grams out of range.
      config: { errorStatuses: [409, 422] },
      summary: 'Add a bar to the vault list',
      body: vaultBarInputSchema,
      ok: vaultBarResponseSchema,
    }),
    async (request) => ({ bar: await reserves.addBar(currentAuth(request).user.id, request.body, request.ip) }),
  );

  // POST .../correct rather than PUT on the bar's path: an empty id would be the list's path.
  app.post(
    '/admin/vault-bars/:id/correct',
    route({
      guard: app.requireOperator,
      config: { errorStatuses: [404, 409, 422] },
      summary: "Correct a bar's serial, refinery or fine grams",
      params,
      body: vaultBarInputSchema,
      ok: vaultBarResponseSchema,
    }),
    async (request) => ({
      bar: await reserves.editBar(currentAuth(request).user.id, request.params.id, request.body, request.ip),
    }),
  );

  app.post(
    '/admin/vault-bars/:id/withdraw',
    route({
      guard: app.requireOperator,
      config: { errorStatuses: [404] },
      summary: 'Take a bar off the vault list (kept in the history)',
      params,
      ok: vaultBarResponseSchema,
    }),
    async (request) => ({
      bar: await reserves.withdrawBar(currentAuth(request).user.id, request.params.id, request.ip),
    }),
  );
};

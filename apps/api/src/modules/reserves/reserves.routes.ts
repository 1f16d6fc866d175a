import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  reservesSchema,
  vaultBarInputSchema,
  vaultBarResponseSchema,
  vaultBarsResponseSchema,
} from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import type { ReservesService } from './reserves.service.js';

/** The public proof of reserves and the operator's bar list (every change audited). */
export const reservesRoutes: FastifyPluginAsync<{ reserves: ReservesService }> = async (fastify, { reserves }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
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
    apiPaths.adminVaultBars,
    {
      onRequest: app.requireOperator,
      schema: { tags, summary: 'The bars in the vault', response: { 200: vaultBarsResponseSchema } },
    },
    async () => ({ data: await reserves.bars() }),
  );

  app.post(
    apiPaths.adminVaultBars,
    {
      onRequest: app.requireOperator,
      // 409: the refinery's serial is already listed; 422: fine grams out of range.
      config: { errorStatuses: [409, 422] },
      schema: {
        tags,
        summary: 'Add a bar to the vault list',
        body: vaultBarInputSchema,
        response: { 200: vaultBarResponseSchema },
      },
    },
    async (request) => ({ bar: await reserves.addBar(currentAuth(request).user.id, request.body, request.ip) }),
  );

  // POST .../correct rather than PUT on the bar's path: an empty id would be the list's path.
  app.post(
    '/admin/vault-bars/:id/correct',
    {
      onRequest: app.requireOperator,
      config: { errorStatuses: [404, 409, 422] },
      schema: {
        tags,
        summary: "Correct a bar's serial, refinery or fine grams",
        params,
        body: vaultBarInputSchema,
        response: { 200: vaultBarResponseSchema },
      },
    },
    async (request) => ({
      bar: await reserves.editBar(currentAuth(request).user.id, request.params.id, request.body, request.ip),
    }),
  );

  app.post(
    '/admin/vault-bars/:id/withdraw',
    {
      onRequest: app.requireOperator,
      config: { errorStatuses: [404] },
      schema: {
        tags,
        summary: 'Take a bar off the vault list (kept in the history)',
        params,
        response: { 200: vaultBarResponseSchema },
      },
    },
    async (request) => ({
      bar: await reserves.withdrawBar(currentAuth(request).user.id, request.params.id, request.ip),
    }),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  bankAccountRequestSchema,
  bankAccountResponseSchema,
  bankAccountsResponseSchema,
  bankVerifyRequestSchema,
  devBankDepositsSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { currentAuth } from '../../plugins/auth.js';
import type { BankService } from './bank.service.js';

const params = z.object({ id: z.uuid({ error: 'Bank account not found.' }) });

/** Bank verification for KYC-verified customers and the sandbox bank's page (the operator's review is declared in bank.module.ts). */
export const bankRoutes: FastifyPluginAsync<{ bank: BankService; sandbox: boolean }> = async (
  fastify,
  { bank, sandbox },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['compliance'];
  const route = routeDeclarer({ tags });

  app.get(
    apiPaths.bankAccounts,
    route({
      guard: app.requireVerified,
      summary: "The caller's bank accounts (numbers masked)",
      ok: bankAccountsResponseSchema,
    }),
    async (request) => ({ data: await bank.list(currentAuth(request).user.id) }),
  );
  app.post(
    apiPaths.bankAccounts,
    route({
      guard: app.requireVerified,
      // 409: three accounts already wait for their deposits; 422: the bank refused the details;
      // 503: the bank could not be reached.
      config: { errorStatuses: [409, 422, 503] },
      summary: 'Add a bank account: two micro-deposits are sent to it',
      body: bankAccountRequestSchema,
      ok: bankAccountResponseSchema,
    }),
    async (request) => ({ bankAccount: await bank.add(currentAuth(request).user.id, request.body, request.ip) }),
  );
  app.post(
    '/bank-accounts/:id/verify',
    route({
      guard: app.requireVerified,
      // 422: wrong amounts (tries left in details); 404: not the caller's; 409: not waiting for
      // deposits or no tries left; 503: the bank could not weigh the answer (no try is counted).
      config: { errorStatuses: [404, 409, 422, 503] },
      summary: 'Confirm the two deposits (three tries)',
      params,
      body: bankVerifyRequestSchema,
      ok: bankAccountResponseSchema,
    }),
    async (request) => ({
      bankAccount: await bank.verify(currentAuth(request).user.id, request.params.id, request.body.amounts, request.ip),
    }),
  );
  if (sandbox)
    app.get(
      '/dev/bank/:id',
      {
        config: { errorStatuses: [404] },
        schema: {
          tags: ['sandbox'],
          summary: 'Sandbox only: the two deposits the sandbox bank sent to an account',
          params,
          response: { 200: devBankDepositsSchema },
        },
      },
      async (request) => bank.sandboxDeposits(request.params.id),
    );
};

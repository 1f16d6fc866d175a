import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminConsultantSchema,
  adminConsultantsQuerySchema,
  adminConsultantsResponseSchema,
  apiPaths,
  consultantInputSchema,
  consultantSchema,
} from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import type { ConsultantsService } from './consultants.service.js';

const nameParams = z.object({
  name: z.string().regex(/^[A-Za-z0-9-]{1,60}$/, 'Consultant not found.'),
});

/** The public consultant page and the operator's list. */
export const consultantsRoutes: FastifyPluginAsync<{ consultants: ConsultantsService }> = async (
  fastify,
  { consultants },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/consultants/:name',
    {
      config: { errorStatuses: [404] },
      schema: {
        tags: ['referrals'],
        summary: "A consultant's public page: name, bio, picture and referral code (public)",
        params: nameParams,
        response: { 200: consultantSchema },
      },
    },
    async (request) => consultants.byName(request.params.name),
  );

  app.get(
    apiPaths.adminConsultants,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: ['back office'],
        summary: 'Consultants, the latest changed first, paged by key',
        querystring: adminConsultantsQuerySchema,
        response: { 200: adminConsultantsResponseSchema },
      },
    },
    async (request) => consultants.list(request.query),
  );

  app.put(
    apiPaths.adminConsultants,
    {
      onRequest: app.requireOperator,
      // 404 no such account; 409 the name is another consultant's; 422 a name without letters.
      config: { errorStatuses: [404, 409, 422] },
      schema: {
        tags: ['back office'],
        summary: 'Mark the account with this e-mail a consultant, or edit its page (audited)',
        body: consultantInputSchema,
        response: { 200: adminConsultantSchema },
      },
    },
    async (request) => consultants.upsert(currentAuth(request).user.id, request.body, request.ip),
  );

  // A POST to its own address: DELETE /admin/consultants/ (no name) would land on the list's path.
  app.post(
    '/admin/consultants/:name/withdraw',
    {
      onRequest: app.requireOperator,
      config: { errorStatuses: [404] },
      schema: {
        tags: ['back office'],
        summary: "Withdraw a consultant's public page (audited)",
        params: nameParams,
        response: { 200: adminConsultantSchema },
      },
    },
    async (request) => consultants.withdraw(currentAuth(request).user.id, request.params.name, request.ip),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminNomineesQuerySchema,
  adminNomineesResponseSchema,
  apiPaths,
  nomineeDraftSchema,
  nomineesRequestSchema,
  nomineesResponseSchema,
} from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import type { NomineesService } from './nominees.service.js';

/** The customer's nominees and their draft, and the operator's view. */
export const nomineesRoutes: FastifyPluginAsync<{ nominees: NomineesService }> = async (fastify, { nominees }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['compliance'];

  app.get(
    apiPaths.nominee,
    {
      onRequest: app.requireUser,
      schema: { tags, summary: "The caller's nominees and their draft", response: { 200: nomineesResponseSchema } },
    },
    async (request) => nominees.get(currentAuth(request).user.id),
  );
  app.put(
    apiPaths.nomineeDraft,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Keep the form as typed (nothing is checked but sizes; what is saved is unchanged)',
        body: nomineeDraftSchema,
        response: { 200: nomineesResponseSchema },
      },
    },
    async (request) => nominees.saveDraft(currentAuth(request).user.id, request.body),
  );
  app.post(
    apiPaths.nominee,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Save the nominees (1-5, shares adding up to 100%), replacing the previous set',
        body: nomineesRequestSchema,
        response: { 200: nomineesResponseSchema },
      },
    },
    async (request) => nominees.save(currentAuth(request).user.id, request.body, request.ip),
  );
  app.get(
    apiPaths.adminNominees,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: ['back office'],
        summary: "Customers' nominees, the latest saved set first, paged by key",
        querystring: adminNomineesQuerySchema,
        response: { 200: adminNomineesResponseSchema },
      },
    },
    async (request) => nominees.adminList(request.query),
  );
};

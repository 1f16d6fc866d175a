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
import { routeDeclarer } from '../../lib/routes.js';
import { currentAuth } from '../../plugins/auth.js';
import type { NomineesService } from './nominees.service.js';

/** The customer's nominees and their draft, and the operator's view. */
export const nomineesRoutes: FastifyPluginAsync<{ nominees: NomineesService }> = async (fastify, { nominees }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routeDeclarer({ tags: ['compliance'] });
  const office = routeDeclarer({ tags: ['back office'] });

  app.get(
    apiPaths.nominee,
    route({
      guard: app.requireUser,
      summary: "The caller's nominees and their draft",
      ok: nomineesResponseSchema,
    }),
    async (request) => nominees.get(currentAuth(request).user.id),
  );
  app.put(
    apiPaths.nomineeDraft,
    route({
      guard: app.requireUser,
      summary: 'Keep the form as typed (nothing is checked but sizes; what is saved is unchanged)',
      body: nomineeDraftSchema,
      ok: nomineesResponseSchema,
    }),
    async (request) => nominees.saveDraft(currentAuth(request).user.id, request.body),
  );
  app.post(
    apiPaths.nominee,
    route({
      guard: app.requireUser,
      summary: 'Save the nominees (1-5, shares adding up to 100%), replacing the previous set',
      body: nomineesRequestSchema,
      ok: nomineesResponseSchema,
    }),
    async (request) => nominees.save(currentAuth(request).user.id, request.body, request.ip),
  );
  app.get(
    apiPaths.adminNominees,
    office({
      guard: app.requireOperator,
      summary: "Customers' nominees, the latest saved set first, paged by key",
      querystring: adminNomineesQuerySchema,
      ok: adminNomineesResponseSchema,
    }),
    async (request) => nominees.adminList(request.query),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, uplineResponseSchema, userResponseSchema } from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { currentAuth } from '../../plugins/auth.js';
import { toPublicUser } from './users.service.js';

export const usersRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const route = routeDeclarer({ tags });

  app.get(
    apiPaths.getInfo,
    route({
      guard: app.requireUser,
      summary: 'The signed-in user',
      ok: userResponseSchema,
    }),
    async (request) => ({ user: toPublicUser(currentAuth(request).user) }),
  );

  app.get(
    apiPaths.getUpline,
    route({
      guard: app.requireUser,
      summary: 'Whether the caller was referred (gates staking)',
      ok: uplineResponseSchema,
    }),
    async (request) => ({ upline: Boolean(currentAuth(request).user.uplineId) }),
  );
};

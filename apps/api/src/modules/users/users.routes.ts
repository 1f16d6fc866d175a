import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, uplineResponseSchema, userResponseSchema } from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import { toPublicUser } from './users.service.js';

export const usersRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get(
    apiPaths.getInfo,
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'The signed-in user', response: { 200: userResponseSchema } },
    },
    async (request) => ({ user: toPublicUser(currentAuth(request).user) }),
  );

  app.get(
    apiPaths.getUpline,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Whether the caller was referred (gates staking)',
        response: { 200: uplineResponseSchema },
      },
    },
    async (request) => ({ upline: Boolean(currentAuth(request).user.uplineId) }),
  );
};

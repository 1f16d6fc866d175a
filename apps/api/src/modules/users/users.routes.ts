import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, uplineResponseSchema, userResponseSchema } from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import { toPublicUser } from './users.service.js';

export const usersRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.getInfo,
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'The signed-in user', security, response: { 200: userResponseSchema } },
    },
    async (request) => ({ user: toPublicUser(currentAuth(request).user) }),
  );

  app.get(
    apiPaths.getUpline,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Whether the caller was referred (gates staking)',
        security,
        response: { 200: uplineResponseSchema },
      },
    },
    async (request) => ({ upline: Boolean(currentAuth(request).user.uplineId) }),
  );
};

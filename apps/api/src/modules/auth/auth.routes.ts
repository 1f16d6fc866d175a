import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  changePasswordRequestSchema,
  emailRequestSchema,
  loginRequestSchema,
  okSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  userResponseSchema,
  verifyCodeRequestSchema,
} from '@qmgt/contracts';
import { currentAuth, requestOrigin } from '../../plugins/auth.js';
import { authRateLimit } from '../../plugins/rate-limit.js';
import type { AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  authService: AuthService;
  rateLimit: { authMax: number; windowMs: number };
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (fastify, { authService, rateLimit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limited = authRateLimit(rateLimit);
  const tags = ['auth'];

  app.post(
    apiPaths.register,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Create an account (no mail yet)',
        body: registerRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => ({ user: await authService.register(request.body, requestOrigin(request)) }),
  );

  app.post(
    apiPaths.sendVerification,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Send or re-send the e-mail verification link',
        body: emailRequestSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await authService.sendEmailVerification(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    apiPaths.verifyCode,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Confirm the e-mail with the token from the link',
        body: verifyCodeRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => ({ user: await authService.verifyEmail(request.body.verifyCode, requestOrigin(request)) }),
  );

  app.post(
    apiPaths.login,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Sign in by e-mail or username',
        body: loginRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => authService.login(request.body, requestOrigin(request)),
  );

  app.post(
    apiPaths.logout,
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'End this session', security: [{ bearer: [] }], response: { 204: z.null() } },
    },
    async (request, reply) => {
      await authService.logout(currentAuth(request), requestOrigin(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    apiPaths.forgotPassword,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer for any address)',
        body: emailRequestSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await authService.forgotPassword(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new password with the token from the link; ends every session',
        body: resetPasswordRequestSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await authService.resetPassword(request.body, requestOrigin(request));
      return { ok: true as const };
    },
  );

  app.post(
    apiPaths.changePassword,
    {
      config: limited,
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Change the password; other sessions end',
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => authService.changePassword(currentAuth(request), request.body, requestOrigin(request)),
  );
};

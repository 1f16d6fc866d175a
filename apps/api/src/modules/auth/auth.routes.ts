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
  registerResponseSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  verifyCodeRequestSchema,
} from '@qmgt/contracts';
import { currentAuth, requestOrigin } from '../../plugins/auth.js';
import { authRateLimit } from '../../plugins/rate-limit.js';
import { AppError } from '../../lib/errors.js';
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
      // 409: the e-mail or username is taken; 422: no such referral code.
      config: { ...limited, errorStatuses: [409, 422] },
      schema: {
        tags,
        summary: 'Create an account (no mail yet); the same answer whether or not the e-mail or username is taken',
        body: registerRequestSchema,
        response: { 200: registerResponseSchema },
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
      await authService.sendEmailVerification(request.body.email, requestOrigin(request));
      return { ok: true as const };
    },
  );

  app.post(
    apiPaths.verifyCode,
    {
      // 422: a well-formed token that is unknown, used or expired; 409: it was this account's
      // link and the account is verified already (the link was opened again).
      config: { ...limited, errorStatuses: [409, 422] },
      schema: {
        tags,
        summary: 'Confirm the e-mail with the token from the link, and sign its owner in',
        body: verifyCodeRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => authService.verifyEmail(request.body.verifyCode, requestOrigin(request)),
  );

  app.post(
    apiPaths.login,
    {
      // 401: wrong identifier or password; 403: the e-mail is not confirmed yet.
      config: { ...limited, errorStatuses: [401, 403] },
      schema: {
        tags,
        summary: 'Sign in by e-mail or username',
        body: loginRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        return await authService.login(request.body, requestOrigin(request));
      } catch (error) {
        // A throttled sign-in says when to come back, in the header clients and proxies know.
        const wait = error instanceof AppError ? error.details.retryAfterSeconds : undefined;
        if (typeof wait === 'number') void reply.header('Retry-After', String(wait));
        throw error;
      }
    },
  );

  app.post(
    apiPaths.logout,
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'End this session', response: { 204: z.null() } },
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
      await authService.forgotPassword(request.body.email, requestOrigin(request));
      return { ok: true as const };
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      // 422: the passwords differ, or the link is unknown, used or expired.
      config: { ...limited, errorStatuses: [422] },
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
      // 422: the passwords differ, the new one equals the current one, or the current one is wrong.
      config: { ...limited, errorStatuses: [422] },
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Change the password; other sessions end',
        body: changePasswordRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => authService.changePassword(currentAuth(request), request.body, requestOrigin(request)),
  );
};

import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Authenticated, RequestOrigin } from '../modules/auth/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { requestLinkBase } from '../lib/link-base.js';

declare module 'fastify' {
  /*
   * Guards for any request hook (onRequest, preHandler...): they read only the Authorization
   * header. The session is resolved once per request, however many guards run.
   */
  interface FastifyInstance {
    /** A live session is required; sets request.auth. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** A live session of an operator is required. */
    requireOperator: (request: FastifyRequest) => Promise<void>;
    /** A live session of a KYC-verified customer (money-moving routes). */
    requireVerified: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: Authenticated | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof ua === 'string' ? ua : null,
    linkBase: requestLinkBase(request, request.server.config),
  };
}

/**
 * Every authenticated route resolves its session on the server. The auth service answers a
 * recently checked session from memory; a revoked one is refused in every process within a
 * second (docs/decisions/006-session-cache.md).
 */
export default fp(
  async (app) => {
    app.decorateRequest('auth', undefined);

    const requireUser = async (request: FastifyRequest) => {
      if (request.auth) return;
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      // The auth module builds the service; it is read per request, so the order of registration does not matter.
      const auth = await app.services.auth.authenticate(token);
      if (!auth) throw unauthorized('Your session has ended. Please sign in again.');
      request.auth = auth;
    };
    app.decorate('requireUser', requireUser);
    app.decorate('requireOperator', async (request: FastifyRequest) => {
      await requireUser(request);
      if (request.auth?.user.role !== 'operator') throw forbidden('This page is for operators only.');
    });
    app.decorate('requireVerified', async (request: FastifyRequest) => {
      await requireUser(request);
      if (request.auth?.user.kycStatus !== 'Verified')
        throw forbidden('Complete your identity verification (KYC) to use your wallet.');
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** The authenticated caller inside a handler guarded by requireUser. */
export function currentAuth(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

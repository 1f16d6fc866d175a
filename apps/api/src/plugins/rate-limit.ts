import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from '../lib/errors.js';

/**
 * Registered with global: false; sensitive routes opt in through `authRateLimit`. The store
 * is in-process by default and Redis when REDIS_URL is set, so several API processes share it.
 */
export default fp(
  async (app) => {
    // The app's one Redis connection (plugins/redis.ts), shared with the sign-in throttle.
    const { redis } = app;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'qmgt-rl-' } : {}),
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(
          `Too many attempts. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['errors', 'redis'] },
);

export function authRateLimit(limit: { authMax: number; windowMs: number }) {
  return { rateLimit: { max: limit.authMax, timeWindow: limit.windowMs } };
}

/**
 * A limit per signed-in customer rather than per address, for look-ups a customer could
 * otherwise run in bulk from many addresses (recipients by e-mail or referral code). One
 * handler, made once and placed in each route's onRequest after its guard (which has set
 * `request.auth`), so every route holding it spends one budget; per-route `config.rateLimit`
 * would give each route a store of its own. A request without a session is keyed by address.
 */
export function perCustomerRateLimit(
  app: FastifyInstance,
  group: string,
  limit: { max: number; windowMs: number },
): onRequestHookHandler {
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request: FastifyRequest) => `${group}:${request.auth?.user.id ?? request.ip}`,
  });
}

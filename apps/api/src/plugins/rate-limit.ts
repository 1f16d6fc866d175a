import fp from 'fastify-plugin';
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

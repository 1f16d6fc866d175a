import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/errors.js';

export interface RateLimitOptions {
  redisUrl: string | undefined;
}

/**
 * Registered with global: false; sensitive routes opt in through `authRateLimit`. The store
 * is in-process by default and Redis when REDIS_URL is set, so several API processes share it.
 */
export default fp<RateLimitOptions>(
  async (app, options) => {
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'qmgt-rl-' } : {}),
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(
          `Too many attempts. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);

export function authRateLimit(limit: { authMax: number; windowMs: number }) {
  return { rateLimit: { max: limit.authMax, timeWindow: limit.windowMs } };
}

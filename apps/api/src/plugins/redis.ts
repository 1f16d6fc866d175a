import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** One connection for what several processes must share (rate limits, sign-in throttle); none without REDIS_URL. */
    redis: Redis | undefined;
  }
}

export default fp(
  async (app) => {
    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    app.decorate('redis', redis);
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  },
  { name: 'redis' },
);

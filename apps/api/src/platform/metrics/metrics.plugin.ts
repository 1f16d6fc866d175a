import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { isLocalClient } from '../../lib/local-client.js';
import { bearerToken } from '../../plugins/auth.js';
import { createMetrics, type Metrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const METRICS_PATH = '/metrics';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics for a Prometheus scraper: this machine (the socket's address, and never through
 * a proxy: lib/local-client.ts), or anyone with the METRICS_TOKEN bearer. Everyone else gets
 * the 404 of a route that does not exist. Registered early, so every later route is counted.
 */
export default fp(
  async (app) => {
    const metrics = createMetrics(app.database);
    app.decorate('metrics', metrics);
    const token = app.config.metricsToken;
    const allowed = (request: FastifyRequest) => {
      if (
        isLocalClient({
          remoteAddress: request.socket.remoteAddress,
          headers: request.headers,
          trustProxy: app.config.trustProxy,
        })
      )
        return true;
      const given = bearerToken(request);
      return Boolean(token && given && sameSecret(given, token));
    };

    app.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.url === METRICS_PATH) return;
      metrics.request(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!allowed(request)) return reply.callNotFound();
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);

import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';

/** Helmet's own default for the header: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet (plugins/helmet.ts) cannot decide alone.
 *
 * - HSTS only on an HTTPS answer: over plain HTTP the header is meaningless to browsers and
 *   misleading to scanners. `request.protocol` is the socket's, or X-Forwarded-Proto only
 *   when TRUST_PROXY says a TLS-terminating proxy sits in front.
 * - `Cache-Control: no-store` on API answers: balances, personal data and tokens must never
 *   sit in a browser or proxy cache. Forced on every request that carries credentials (a bearer
 *   token or a sandbox SDK token), errors included; the default for the rest of the API, where
 *   a route may still choose its own caching.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)) {
        const credentials =
          request.auth !== undefined ||
          request.headers.authorization !== undefined ||
          request.headers['x-access-token'] !== undefined;
        if (credentials || !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security-headers', dependencies: ['auth'] },
);

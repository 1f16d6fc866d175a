import fp from 'fastify-plugin';
import { isLocalClient } from '../lib/local-client.js';
import { isDevRoute } from '../modules/dev/index.js';
import { bearerToken } from './auth.js';

/**
 * `/api/dev/*` (mailbox, sandbox reviewer, faucet) plays the outside world for a person on
 * their own machine. It answers loopback clients, judged by the socket's address and never by
 * `request.ip` (which X-Forwarded-For sets under TRUST_PROXY), and signed-in operators from
 * anywhere. Behind a proxy (TRUST_PROXY or any forwarding header) nobody is local: a proxy on
 * this host makes every socket loopback, so only operators are let in (DESIGN.md section 5). Anyone else gets the very 404 of a route that does not exist, so the sandbox is not
 * even visible from outside. Keyed on the matched route pattern, so an encoded path
 * (`/api/%64ev/...`) that reaches the route is judged too.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isDevRoute(request.routeOptions.url)) return;
      const trustProxy = app.config.trustProxy;
      if (isLocalClient({ remoteAddress: request.socket.remoteAddress, headers: request.headers, trustProxy })) return;
      const token = bearerToken(request);
      const auth = token ? await app.services.auth.authenticate(token) : undefined;
      if (auth?.user.role === 'operator') return;
      request.log.info({ route: request.routeOptions.url }, 'sandbox route refused to a remote client');
      reply.callNotFound();
      return reply;
    });
  },
  { name: 'dev-gate', dependencies: ['errors'] },
);

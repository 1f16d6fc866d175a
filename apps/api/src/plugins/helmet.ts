import fp from 'fastify-plugin';
import helmet from 'helmet';
import { clientScriptSources } from './client-scripts.js';

/**
 * Helmet's headers, registered first so that every answer has them, refusals included. The
 * content security policy allows the client's inline scripts by hash and, with the Sumsub
 * adapter, its WebSDK's hosts.
 *
 * Helmet's middleware is built once, here: @fastify/helmet built it anew on every request
 * (parsing and checking every directive again), a few per cent of the API's CPU under load.
 * The `script-src` value is still a function, which helmet calls per response.
 */
export default fp<{ webDistDir: string; sumsub: boolean }>(
  async (app, { webDistDir, sumsub }) => {
    const sumsubHosts = sumsub ? ['https://*.sumsub.com'] : [];
    const setHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // 'self' and the client's inline scripts by hash; with the Sumsub adapter its WebSDK
          // loads a script and an iframe from Sumsub's hosts.
          scriptSrc: [clientScriptSources(webDistDir), ...sumsubHosts],
          // Mantine sets style attributes at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", ...sumsubHosts, ...(sumsubHosts.length ? ['wss://*.sumsub.com'] : [])],
          // blob: the statement PDF, fetched with the bearer token and shown in the page.
          frameSrc: ["'self'", 'blob:', ...sumsubHosts],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Sent by security-headers, and only over HTTPS.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'helmet' },
);

import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { API_BASE, type ApiError } from '@qmgt/contracts';

/**
 * Serves the built client at `/`. Unknown non-API GETs answer index.html so client routes
 * (/dashboard, /Email-Verification/abc) load on a fresh page; the client renders its own 404.
 * That fallback (the not-found handler below) goes through `sendFile`, so it is precompressed too.
 */
export default fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const index = path.join(distDir, 'index.html');
    const available = existsSync(index);
    if (available) {
      await app.register(fastifyStatic, {
        root: distDir,
        // Wildcard: files of a rebuild made while the server runs are served too.
        wildcard: true,
        index: ['index.html'],
        // The web build writes .br and .gz beside each text file (apps/web/vite-precompress.ts):
        // the variant the client accepts is sent, with Vary: Accept-Encoding; the original otherwise.
        preCompressed: true,
        // Vite fingerprints assets: cache them for a year; index.html always fresh.
        setHeaders: (res, filePath) => {
          res.header(
            'Cache-Control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    app.decorate('clientIndexAvailable', available);

    // One not-found handler: JSON for the API, the client's index.html for client routes.
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const isApi = pathname === API_BASE || pathname.startsWith(`${API_BASE}/`);
      if (!isApi && available && (request.method === 'GET' || request.method === 'HEAD')) {
        // The static route's precompressed look-ups (.br, .gz, the original) and this second
        // sendFile each await the reply, one 'close' listener apiece: past Node's default of 10,
        // and every client route would print a MaxListenersExceededWarning. They end with the answer.
        reply.raw.setMaxListeners(32);
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      const body: ApiError = {
        error: {
          status: 404,
          name: 'NotFoundError',
          message: `No route ${request.method} ${pathname.slice(0, 200)}${pathname.length > 200 ? '…' : ''}.`,
          details: {},
        },
      };
      return reply.status(404).send(body);
    });
  },
  { name: 'static-client' },
);

declare module 'fastify' {
  interface FastifyInstance {
    clientIndexAvailable: boolean;
  }
}

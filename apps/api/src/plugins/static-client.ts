import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built client at `/`. Unknown non-API GETs answer index.html so client routes
 * (/dashboard, /Email-Verification/abc) load on a fresh page; the client renders its own 404.
 * That fallback (app.ts's not-found handler) goes through `sendFile`, so it is precompressed too.
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
  },
  { name: 'static-client' },
);

declare module 'fastify' {
  interface FastifyInstance {
    clientIndexAvailable: boolean;
  }
}

import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@qmgt/contracts';
import helmetPlugin from './helmet.js';
import errorsPlugin from './errors.js';
import safeInputPlugin from './safe-input.js';
import rateLimitPlugin from './rate-limit.js';
import authPlugin from './auth.js';
import devGatePlugin from './dev-gate.js';
import securityHeadersPlugin from './security-headers.js';
import idempotencyPlugin from './idempotency.js';
import openapiPlugin from './openapi.js';
import apiRoutesPlugin from './api-routes.js';

/**
 * Everything a request meets before a module's handler, in the order it must be registered:
 * headers, the error shape, input hygiene, uploads, rate limits, sessions, the sandbox gate,
 * idempotency keys, and the OpenAPI document (before any route, so it sees them all).
 */
export default fp<{ webDistDir: string; version: string }>(
  async (app, { webDistDir, version }) => {
    await app.register(helmetPlugin, { webDistDir, sumsub: app.config.kyc.provider === 'sumsub' });
    await app.register(errorsPlugin);
    await app.register(safeInputPlugin);
    await app.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 60, fieldSize: 4096, parts: 64, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    await app.register(rateLimitPlugin);
    await app.register(authPlugin);
    await app.register(devGatePlugin);
    await app.register(securityHeadersPlugin);
    await app.register(idempotencyPlugin);
    await app.register(openapiPlugin, { version });
    await app.register(apiRoutesPlugin);
  },
  { name: 'http', dependencies: ['redis'] },
);

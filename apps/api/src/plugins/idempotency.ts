import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_PATTERN } from '@qmgt/contracts';
import { badRequest } from '../lib/errors.js';

/** The caller's Idempotency-Key and what it is bound to: the route and the canonical body. */
export interface IdempotencyClaim {
  key: string;
  scope: string;
  requestHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money-moving route: an Idempotency-Key header is required and bound to the body. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: IdempotencyClaim | undefined;
  }
}

/** Canonical JSON: key order does not make two equal bodies differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(scope: string, body: unknown): string {
  return createHash('sha256')
    .update(`${scope}\n${canonical(body)}`)
    .digest('hex');
}

/**
 * Idempotency as a route option: `config: { idempotent: true }`. The key is checked after
 * the body is validated, and handed to the service on `request.idempotency`; the money
 * engine claims it in the same transaction as the operation, so the claim and the answer can
 * never part (docs/decisions/004).
 */
export default fp(
  async (app) => {
    app.decorateRequest('idempotency', undefined);
    app.addHook('preHandler', async (request) => {
      if (!request.routeOptions.config.idempotent) return;
      request.idempotency = claimFor(request, request.body);
    });
  },
  { name: 'idempotency' },
);

/**
 * The caller's Idempotency-Key bound to `body`. Routes that read their body themselves (a
 * multipart form) call this with the fields they read; the others get it from the hook.
 */
export function claimFor(request: FastifyRequest, body: unknown): IdempotencyClaim {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw badRequest('An Idempotency-Key header is required for this request.');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw badRequest('The Idempotency-Key must be 1-100 letters, digits or _ . : -');
  const scope = request.routeOptions.url ?? request.url;
  return { key, scope, requestHash: requestHash(scope, body) };
}

/** The claim of a route declared idempotent (the hook has run). */
export function idempotencyOf(request: FastifyRequest): IdempotencyClaim {
  if (!request.idempotency) throw new Error('route is not declared idempotent');
  return request.idempotency;
}

/** Tells the client an answer is the stored first answer of its key. */
export function markReplayed(reply: FastifyReply, replayed: boolean | undefined): void {
  if (replayed) void reply.header('Idempotent-Replayed', 'true');
}

/**
 * A money operation's answer: its outcome but `replayed`, which the `Idempotent-Replayed` header
 * says. An outcome without `replayed` (a service that does not tell replays) is answered as is.
 */
export function replayableAnswer<Outcome extends { replayed?: boolean }>(
  reply: FastifyReply,
  outcome: Outcome,
): Omit<Outcome, 'replayed'> {
  const { replayed, ...answer } = outcome;
  markReplayed(reply, replayed);
  return answer;
}

import type { FastifyContextConfig, FastifySchema, onRequestHookHandler } from 'fastify';

/** One route as its routes file states it: what differs from its neighbours, nothing else. */
export interface RouteDeclaration extends Omit<FastifySchema, 'response'> {
  /**
   * The guard (`app.requireUser`, `app.requireVerified`, `app.requireOperator`), with any hook that
   * must follow it (a per-customer rate limit); none for a public route.
   */
  guard?: onRequestHookHandler | onRequestHookHandler[];
  summary: string;
  /** The 200 answer's schema; none for a file (`config.fileResponse`). */
  ok?: unknown;
  /** `idempotent`, `errorStatuses`: see plugins/openapi.ts. */
  config?: FastifyContextConfig;
}

/**
 * The route options a routes file wrote out for every route (its OpenAPI tags and security,
 * the guard, the 200 response), filled in from a compact declaration. The options and the
 * schema are the same objects, in the same order, as written by hand: the OpenAPI document
 * does not change.
 */
export function routeDeclarer(document: { tags: string[]; security?: { bearer: never[] }[] }) {
  return <D extends RouteDeclaration>(declaration: D) => {
    const { guard, config, summary, ok, ...parts } = declaration;
    return {
      ...(guard ? { onRequest: guard } : {}),
      ...(config ? { config } : {}),
      schema: {
        ...document,
        summary,
        ...(parts as Omit<D, 'guard' | 'config' | 'summary' | 'ok'>),
        ...((ok === undefined ? {} : { response: { 200: ok } }) as D extends { ok: infer Ok }
          ? { response: { 200: Ok } }
          : object),
      },
    };
  };
}

import fp from 'fastify-plugin';
import type { FastifyReply, RouteOptions } from 'fastify';
import { API_BASE, type ApiError, type ErrorName } from '@qmgt/contracts';

/** One registered API route: its path as Fastify declares it (`/api/x/:id`) and its method. */
export interface ApiRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under /api (HEAD included), in registration order. */
    apiRoutes: readonly ApiRoute[];
  }
}

/** `/api/x/:id` as a matcher of concrete paths; the router ignores one trailing slash. */
function pathMatcher(url: string): RegExp {
  const pattern = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

/** 405 with `Allow` in the product's error shape; OPTIONS gets 204 with `Allow`. */
function methodNotAllowed(method: string, allowed: ReadonlySet<string>, reply: FastifyReply) {
  const allow = [...allowed].sort().join(', ');
  if (method === 'OPTIONS') return reply.status(204).header('Allow', allow).send();
  const body: ApiError & { error: { name: ErrorName } } = {
    error: {
      status: 405,
      name: 'MethodNotAllowedError',
      message: `${method} is not supported here; use ${allow}.`,
      details: { allow: [...allowed].sort() },
    },
  };
  return reply.status(405).header('Allow', allow).type('application/json; charset=utf-8').send(body);
}

/**
 * Knows every API route, so that a wrong method on an existing path answers 405 with `Allow`
 * (RFC 9110) in the product's error shape instead of a 404, and OPTIONS answers 204 with
 * `Allow`. Decided at onRequest, before any body is read: a QUERY with no content type is a
 * 405 too, not a content-type complaint. An /api path the client's wildcard caught is a 404
 * here, not a static-file answer.
 */
export default fp(
  async (app) => {
    const routes: ApiRoute[] = [];
    const paths = new Map<string, { matcher: RegExp; methods: Set<string> }>();
    app.decorate('apiRoutes', routes);
    const hasItemRoute = (url: string) => [...paths.keys()].some((other) => other.startsWith(`${url}/:`));

    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.url !== API_BASE && !route.url.startsWith(`${API_BASE}/`)) return;
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        routes.push({ method: method.toUpperCase(), url: route.url });
        const entry = paths.get(route.url) ?? { matcher: pathMatcher(route.url), methods: new Set<string>() };
        entry.methods.add(method.toUpperCase());
        paths.set(route.url, entry);
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      // Only an /api path that no API route took: a 404, or the client's GET wildcard.
      const matched = request.routeOptions.url;
      if (matched !== undefined && (matched === API_BASE || matched.startsWith(`${API_BASE}/`))) {
        // The router ignores a trailing slash, so `/x/` (an item route's empty id) would reach the
        // list at `/x`: where `/x/:id` exists, that is a path that routes nowhere (the one
        // not-found answer, before any guard, as for any other empty segment), not the list.
        const pathname = request.url.split('?')[0] ?? '';
        if (pathname.endsWith('/') && !matched.endsWith('/') && hasItemRoute(matched)) return reply.callNotFound();
        // A path that is a static route of its own (`/payments/checkout` beside `/payments/:id`)
        // belongs to that route whatever the method: another method is a 405, not the item route.
        const own = paths.get(pathname.replace(/\/$/, ''));
        if (!own || own.methods.has(request.method) || !matched.includes(':')) return;
        return methodNotAllowed(request.method, own.methods, reply);
      }
      const pathname = request.url.split('?')[0] ?? '';
      if (!pathname.startsWith(`${API_BASE}/`)) return;
      const own = paths.get(pathname.replace(/\/$/, ''));
      // `/x/` with a method only the item route `/x/:id` has (PATCH beside a GET and POST list):
      // an item route's empty id, which routes nowhere, as above (the router's not-found answer
      // follows); not a wrong method on the list.
      if (own && pathname.endsWith('/') && hasItemRoute(pathname.slice(0, -1))) return;
      const allowed = new Set<string>(own?.methods ?? []);
      if (!own)
        for (const { matcher, methods } of paths.values()) {
          if (matcher.test(pathname)) for (const method of methods) allowed.add(method);
        }
      // Nothing here, or the method exists and the router still found nothing (e.g. an
      // over-long parameter): a plain 404 from the not-found handler, never the client's files.
      if (allowed.size === 0 || allowed.has(request.method))
        return matched === undefined ? undefined : reply.callNotFound();
      return methodNotAllowed(request.method, allowed, reply);
    });
  },
  { name: 'api-routes' },
);

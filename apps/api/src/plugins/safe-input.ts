import fp from 'fastify-plugin';
import { CONTROL_CHARACTER_MESSAGE, findForbiddenText, printableText } from '@qmgt/contracts';
import { badRequest } from '../lib/errors.js';

/**
 * The safety net under every route's schema: any string in the path parameters, the query, a
 * header or the body that holds a character no field accepts (NUL and the other C0 controls
 * but tab and line breaks, DEL, lone surrogates) is a 400. Each request schema already refuses
 * them through `text()` from the contracts; this makes sure a route whose schema forgot (or
 * has none) cannot hand one to PostgreSQL, which answers NUL with an error. The rule itself
 * lives in the contracts.
 */
function refuseForbiddenText(sources: [string, unknown][]): void {
  for (const [source, value] of sources) {
    const path = findForbiddenText(value);
    if (path === undefined) continue;
    // The path may itself hold the offending character (a key): echoed made printable.
    const field = path ? printableText(path) : source;
    throw badRequest(`${field}: ${CONTROL_CHARACTER_MESSAGE}`, { issues: [{ path: field, source }] });
  }
}

export default fp(
  async (app) => {
    // What arrives with the request line and headers is checked before any guard reads it
    // (a route's own onRequest hooks run after this one). The body is checked after its schema
    // ran: the schema drops properties the document does not name (the document lets a client
    // send them, and they are never read), so only what a handler will see is judged.
    app.addHook('onRequest', async (request) => {
      refuseForbiddenText([
        ['params', request.params],
        ['query', request.query],
        ['headers', request.headers],
      ]);
    });
    app.addHook('preHandler', async (request) => {
      // A route that reads its body itself (`config.manualBody`: multipart, a signed webhook)
      // judges it with the zod schema it declares, which drops unnamed properties the same way.
      if (request.routeOptions.config.manualBody) return;
      refuseForbiddenText([['body', request.body]]);
    });
  },
  { name: 'safe-input', dependencies: ['errors'] },
);

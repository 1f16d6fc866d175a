import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Authenticated } from '../modules/auth/index.js';
import { currentAuth } from '../plugins/auth.js';
import { idempotencyOf, replayableAnswer, type IdempotencyClaim } from '../plugins/idempotency.js';
import type { RouteDeclaration, routeDeclarer } from './routes.js';

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What a money operation's handler is given: the caller, the validated input, the key's claim. */
export interface MoneyOperationCall<Body, Params> {
  user: Authenticated['user'];
  body: Parsed<Body>;
  params: Parsed<Params>;
  claim: IdempotencyClaim;
  /** For what the service also records (the IP) or builds links from. */
  request: FastifyRequest;
}

/** A money operation as its routes file states it: a route declaration and what it does. */
export interface MoneyOperationDeclaration<Body, Params> extends Omit<RouteDeclaration, 'body' | 'params'> {
  body?: Body;
  params?: Params;
  /** The service call; a `replayed` outcome is answered with the `Idempotent-Replayed` header. */
  operate: (call: MoneyOperationCall<Body, Params>) => Promise<object>;
}

/**
 * The idempotent POSTs that move money (confirm a quote, claim, cancel, deliver): the route is
 * declared `idempotent`, the handler hands the service the caller, the validated body and
 * params and the Idempotency-Key claim, and answers a replay as the first answer with its
 * header. The options are the ones `route` writes for the same declaration with
 * `config.idempotent`, so the OpenAPI document does not change.
 */
export function moneyOperationDeclarer(app: FastifyInstance, route: ReturnType<typeof routeDeclarer>) {
  return <Body extends z.ZodType | undefined = undefined, Params extends z.ZodType | undefined = undefined>(
    path: string,
    declaration: MoneyOperationDeclaration<Body, Params>,
  ): void => {
    const { operate, config, ...rest } = declaration;
    const options: RouteShorthandOptions = route({ ...rest, config: { idempotent: true, ...config } });
    app.post(path, options, async (request, reply) => {
      const outcome: { replayed?: boolean } = await operate({
        user: currentAuth(request).user,
        body: request.body as Parsed<Body>,
        params: request.params as Parsed<Params>,
        claim: idempotencyOf(request),
        request,
      });
      return replayableAnswer(reply, outcome);
    });
  };
}

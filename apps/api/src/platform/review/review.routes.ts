import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, REVIEW_DECISIONS, adminDecisionSchema, adminReviewQuerySchema } from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import type { Review, ReviewRow } from './review.js';

/** A review's two routes, as SPEC.md names them and packages/contracts shapes their answers. */
export interface ReviewRoutes {
  /** GET: the queue, e.g. apiPaths.adminTerminations. */
  queue: string;
  /** POST: a decision, with `:id` and `:decision` (approve or reject). */
  decide: string;
  queueSummary: string;
  decideSummary: string;
  queueResponse: z.ZodType;
  /** The decision's answer: `{ [answerKey]: answer }`. */
  answerKey: string;
  answerResponse: z.ZodType;
  /** Statuses beside 404 (unknown) and 409 (decided), e.g. 503 when a payout cannot be sent. */
  moreErrors?: (500 | 502 | 503)[];
}

/** What the declaration tells the routes: money reviews take an Idempotency-Key; a malformed id is not found. */
interface RoutesOfDeclaration extends ReviewRoutes {
  idempotent: boolean;
  notFound: string;
}

/**
 * The operator's queue and decision routes of one review: both need the operator role; a
 * rejection needs a reason (400); every decision is audited by the review.
 */
export async function reviewRoutes<Row extends ReviewRow, Item extends object, Answer>(
  fastify: FastifyInstance,
  review: Review<Row, Item, Answer>,
  routes: RoutesOfDeclaration,
): Promise<void> {
  await fastify.register(
    async (scope) => {
      const app = scope.withTypeProvider<ZodTypeProvider>();
      const tags = ['back office'];
      app.get(
        routes.queue,
        {
          onRequest: app.requireOperator,
          schema: {
            tags,
            summary: routes.queueSummary,
            querystring: adminReviewQuerySchema,
            response: { 200: routes.queueResponse },
          },
        },
        async (request) => review.queue(request.query),
      );
      app.post(
        routes.decide,
        {
          onRequest: app.requireOperator,
          // 404 unknown request; 409 already decided; 400 a rejection without a reason.
          config: { idempotent: routes.idempotent, errorStatuses: [404, 409, ...(routes.moreErrors ?? [])] },
          schema: {
            tags,
            summary: routes.decideSummary,
            params: z.object({
              id: z.uuid({ error: routes.notFound }),
              decision: z.enum(REVIEW_DECISIONS, { error: 'approve or reject' }),
            }),
            body: adminDecisionSchema,
            response: { 200: routes.answerResponse },
          },
        },
        async (request) => ({
          [routes.answerKey]: await review.decide(
            currentAuth(request).user.id,
            request.params.id,
            request.params.decision,
            request.body.reason,
            request.idempotency,
            request.ip,
          ),
        }),
      );
    },
    { prefix: API_BASE },
  );
}

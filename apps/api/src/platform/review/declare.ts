import type { FastifyInstance } from 'fastify';
import { createReview, type QueueItem, type Review, type ReviewDeclaration, type ReviewRow } from './review.js';
import { reviewRoutes, type ReviewRoutes } from './review.routes.js';

/**
 * A product's review, declared from its module plugin: the platform builds the review, sends
 * its customer's messages from the outbox and serves its queue and decision routes.
 */
export async function declareReview<Row extends ReviewRow, Item extends object, Answer = QueueItem<Item>>(
  app: FastifyInstance,
  declaration: ReviewDeclaration<Row, Item, Answer>,
  routes: ReviewRoutes,
): Promise<Review<Row, Item, Answer>> {
  const money = 'money' in declaration.booking ? app.services.money : undefined;
  const notify = app.services.notifications.deliver;
  const review = createReview({ db: app.database.db, money, notify }, declaration);
  if (declaration.message)
    app.outbox.handle<{ id: string; status: string }>(declaration.message.kind, (owed, delivery) =>
      review.sendMessage(owed, delivery.key),
    );
  await reviewRoutes(app, review, {
    ...routes,
    idempotent: money !== undefined,
    notFound: declaration.notFound,
  });
  return review;
}

/*
 * The operator review (DESIGN.md section 10): a customer's request an operator approves or
 * rejects with a reason. A product declares its review (table, booking, presentation, audit
 * name, message); the platform serves the queue (paged by key), the decisions (validated,
 * idempotent, audited) and the customer's messages. Other code imports only this file.
 */
export { declareReview } from './declare.js';
export {
  createReview,
  reviewNotice,
  type Decided,
  type MoneyOperationInput,
  type QueueItem,
  type Review,
  type ReviewBooking,
  type ReviewDeclaration,
  type ReviewDeps,
  type ReviewRow,
} from './review.js';
export { reviewRoutes, type ReviewRoutes } from './review.routes.js';

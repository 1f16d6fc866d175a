import { z } from 'zod';
import { text } from './text.js';
import { cursorSchema, pageInfoShape, pageSizeSchema } from './paging.js';

/*
 * The operator reviews (DESIGN.md section 10): a customer's request an operator approves or
 * rejects with a reason. Every review's queue and decision speak these shapes.
 */

/** `open`: what waits for a decision (oldest first); `decided`: the decisions, latest first. */
export const REVIEW_QUEUES = ['open', 'decided'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];

/** GET of a review queue: open requests by default, paged by key. */
export const adminReviewQuerySchema = z.strictObject({
  queue: z.enum(REVIEW_QUEUES, { error: `queue is one of ${REVIEW_QUEUES.join(', ')}` }).default('open'),
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(50),
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;

/** A page of a review queue: its rows (each with who asked) and where the next page starts. */
export const reviewQueueSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), ...pageInfoShape });

/** POST of a decision: a rejection needs a reason for the customer. */
export const adminDecisionSchema = z.object({
  reason: text(500, { multiline: true }).optional(),
});
export type AdminDecision = z.infer<typeof adminDecisionSchema>;
export const REVIEW_DECISIONS = ['approve', 'reject'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

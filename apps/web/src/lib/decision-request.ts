import type { z } from 'zod';
import { apiRequest } from './api-client';

type Verdict = 'approve' | 'reject';

/** An operator's approve or reject of a queued customer request; a rejection carries its reason. */
export type DecisionInput = { id: string; decision: Verdict; reason?: string; idempotencyKey: string };

/**
 * The call that records an operator's decision on a queued request (a GAE termination, a USDAU
 * request): the same POST, body and Idempotency-Key for every queue; only the path and the answer
 * differ.
 */
export const decisionRequest =
  <T>(path: (id: string, decision: Verdict) => string, schema: z.ZodType<T>) =>
  (input: DecisionInput) =>
    apiRequest(path(input.id, input.decision), {
      method: 'POST',
      body: input.reason ? { reason: input.reason } : {},
      headers: { 'Idempotency-Key': input.idempotencyKey },
      schema,
    });

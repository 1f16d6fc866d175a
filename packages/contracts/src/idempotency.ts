import { z } from 'zod';

/**
 * Money-moving POSTs take this header (DESIGN.md section 2): the same key with the same body
 * answers the first answer again and moves nothing twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key a client may choose: 1-100 characters, no spaces. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

export const idempotencyKeySchema = z
  .string({ error: 'An Idempotency-Key header is required for this request.' })
  .regex(IDEMPOTENCY_KEY_PATTERN, 'The Idempotency-Key must be 1-100 letters, digits or _ . : -');

import { z } from 'zod';

/** The one error body every API failure answers with (DESIGN.md section 4). */
export const apiErrorSchema = z.object({
  error: z.object({
    status: z.number().int(),
    name: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Error names the API uses; the client may branch on them, users only read `message`. */
export const ERROR_NAMES = [
  'ValidationError',
  'UnauthorizedError',
  'ForbiddenError',
  'NotFoundError',
  /** The path exists with other methods; the `Allow` header lists them. */
  'MethodNotAllowedError',
  'ConflictError',
  'RateLimitError',
  /** Too many failed sign-ins: the account is locked for a while (its owner is mailed). */
  'AccountLockedError',
  'PayloadTooLargeError',
  'UnprocessableError',
  'InsufficientFundsError',
  /** The same Idempotency-Key is still being processed: retry shortly, the first answer will come. */
  'IdempotencyKeyInUseError',
  /** A quote executes once: this one already has. */
  'QuoteUsedError',
  'QuoteExpiredError',
  /** The price moved past what the customer accepted (minAmountOut or the quote). */
  'PriceMovedError',
  'ApplicationError',
] as const;
export type ErrorName = (typeof ERROR_NAMES)[number];

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

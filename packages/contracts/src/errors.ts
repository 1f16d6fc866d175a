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
  'ConflictError',
  'RateLimitError',
  'PayloadTooLargeError',
  'UnprocessableError',
  'InsufficientFundsError',
  'ApplicationError',
] as const;
export type ErrorName = (typeof ERROR_NAMES)[number];

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

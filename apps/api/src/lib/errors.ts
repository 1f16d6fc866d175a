import type { ErrorName } from '@qmgt/contracts';

/**
 * A failure a caller can cause. Thrown anywhere; the error plugin turns it into the one
 * `{ error: { status, name, message, details } }` body. Anything else is a 500 whose
 * message is hidden.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: ErrorName,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details: Record<string, unknown> = {}) =>
  new AppError(400, 'ValidationError', message, details);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, 'UnauthorizedError', message);
export const forbidden = (message: string) => new AppError(403, 'ForbiddenError', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NotFoundError', message);
export const conflict = (message: string, details: Record<string, unknown> = {}) =>
  new AppError(409, 'ConflictError', message, details);
export const tooManyRequests = (message: string) => new AppError(429, 'RateLimitError', message);

/** A dependency (database, chain) is down: 503 so load balancers take this process out. */
export class ApplicationUnavailable extends AppError {
  constructor(message: string) {
    super(503, 'ApplicationError', message);
  }
}

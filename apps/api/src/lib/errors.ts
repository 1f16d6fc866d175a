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
/** Well-formed and matching the OpenAPI document, but refused by a rule (docs/decisions/005). */
export const unprocessable = (message: string, details: Record<string, unknown> = {}) =>
  new AppError(422, 'UnprocessableError', message, details);

/** One failed check of a zod schema, as the error body lists it. */
export interface InputIssue {
  path: string;
  message: string;
}

/**
 * Input that fails its zod schema. 400 when it breaks something the OpenAPI document states
 * (a type, a length, a pattern); 422 when every failure is a refinement the document cannot
 * express (two passwords that must match, a real calendar date): such a request matches the
 * document, so calling it malformed would make the document lie. A refinement the contract
 * also states in JSON Schema says so with `params: { statedInDocument: true }`.
 */
export function invalidInput(
  issues: readonly { path: readonly PropertyKey[] | string; message: string; code: string; params?: unknown }[],
  message: string,
): AppError {
  const listed: InputIssue[] = issues.map((i) => ({
    path: typeof i.path === 'string' ? i.path : i.path.map(String).join('.'),
    message: i.message,
  }));
  const unstated = (i: (typeof issues)[number]) =>
    i.code === 'custom' && !(i.params as { statedInDocument?: boolean } | undefined)?.statedInDocument;
  const onlyRefinements = issues.length > 0 && issues.every(unstated);
  return onlyRefinements ? unprocessable(message, { issues: listed }) : badRequest(message, { issues: listed });
}

/** A dependency (database, chain) is down: 503 so load balancers take this process out. */
export class ApplicationUnavailable extends AppError {
  constructor(message: string) {
    super(503, 'ApplicationError', message);
  }
}

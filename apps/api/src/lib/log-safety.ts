/**
 * What an error may put in the log. A failed query's error carries the whole SQL and its
 * parameters (drizzle writes both into the message, the stack and its own fields), and the
 * PostgreSQL error under it may quote a row's values (`detail`, `where`): e-mails, names,
 * tokens. The log keeps what explains the failure (SQLSTATE code, constraint, table, column,
 * where in our code) and never the data.
 */

/** Fields of driver and ORM errors that hold SQL text or row values. */
const WITHHELD_FIELDS = new Set(['query', 'params', 'parameters', 'detail', 'where', 'internalQuery', 'hint']);
const QUERY_MESSAGE = 'Failed query (its SQL and parameters are not logged)';

function isQueryError(error: Error): boolean {
  const { query, params } = error as { query?: unknown; params?: unknown };
  return (typeof query === 'string' && Array.isArray(params)) || /^Failed query: /.test(error.message);
}

/** A value PostgreSQL quotes at the end of its message (`invalid input syntax for type uuid: "..."`). */
const quotedValue = (message: string) => message.replace(/: ".*"$/s, ': "[withheld]"');

/** pino's shape of a serialized error. */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function safeErrorSerializer(error: Error, depth = 0): SerializedError {
  const queryError = isQueryError(error);
  const message = queryError ? QUERY_MESSAGE : quotedValue(error.message);
  // The stack's first line repeats the message; only the frames follow it.
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
  const out: SerializedError = {
    type: error.name || error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const [key, value] of Object.entries(error)) {
    if (WITHHELD_FIELDS.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (error.cause instanceof Error && depth < 5) out.cause = safeErrorSerializer(error.cause, depth + 1);
  return out;
}

/** pino serializers for the app's logger: every `{ err }` goes through the one above. */
export const logSerializers = { err: (error: Error): SerializedError => safeErrorSerializer(error) };

/**
 * A log line whose message is a failed query's message (Fastify's own handlers log
 * `err.message` as the line's text) gets the withheld wording instead.
 */
export const logHooks = {
  logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
    method.apply(
      this,
      args.map((arg) => (typeof arg === 'string' && /^Failed query: /.test(arg) ? QUERY_MESSAGE : arg)),
    );
  },
};

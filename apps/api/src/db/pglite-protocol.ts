/**
 * The messages between the API's thread and the worker thread that runs PGlite
 * (pglite-worker.ts, pglite-thread.ts). Every request has an id and gets one reply with it;
 * notifications come unasked, before the reply of the query whose commit sent them.
 */
export type WorkerRequest = { id: number } & (
  | {
      op: 'query';
      text: string;
      params: unknown[] | undefined;
      rowMode: 'array' | undefined;
      usual: boolean;
      tx: number | undefined;
    }
  | { op: 'exec'; text: string; usual: boolean; tx: number | undefined }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }
);

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: SerializedError }
  | { kind: 'notify'; channel: string; payload: string };

export interface WorkerStart {
  dataDir: string | undefined;
  template: Uint8Array | undefined;
}

/** What a PostgreSQL error carries that callers read (lib/db-errors.ts and logs). */
const ERROR_FIELDS = [
  'code',
  'constraint',
  'detail',
  'hint',
  'severity',
  'schema',
  'table',
  'column',
  'where',
  'position',
] as const;

export interface SerializedError {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, unknown>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), stack: undefined, fields: {} };
  const fields: Record<string, unknown> = {};
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') fields[field] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The worker's error as an Error of this thread, with the same `code`, `constraint`, ... */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return Object.assign(error, serialized.fields);
}

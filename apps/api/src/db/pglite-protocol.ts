/**
 * The messages between the API's thread and the worker thread that runs PGlite
 * (pglite-worker.ts, pglite-thread.ts). Every request but `begin` has an id and gets one reply
 * with it. `begin` names the transaction the caller chose and gets no reply of its own: the
 * caller sends its first query straight after it, and a failed BEGIN is that query's error.
 * Notifications ride on the reply of the query whose commit sent them, handed out before the
 * reply is; any that no reply carries (none expected) follow on their own within a turn.
 *
 * Why so few messages: each one wakes the other thread. Profiled under the bench's swaps and
 * sells (on a loaded machine), the worker spent an eighth of its time in postMessage, when a
 * transaction was six messages plus one per notification (a changed customer's balance and
 * history each send one).
 */
export type WorkerRequest =
  | ({ id: number } & (
      | {
          op: 'query';
          text: string;
          params: unknown[] | undefined;
          rowMode: 'array' | undefined;
          usual: boolean;
          tx: number | undefined;
        }
      | { op: 'exec'; text: string; usual: boolean; tx: number | undefined }
      | { op: 'end'; tx: number; commit: boolean }
      | { op: 'listen'; channel: string }
      | { op: 'unlisten'; channel: string }
      | { op: 'dump' }
      | { op: 'close' }
    ))
  | { op: 'begin'; tx: number };

/** A NOTIFY heard by the worker, for the listeners on the API's thread. */
export interface Notice {
  channel: string;
  payload: string;
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'reply'; id: number; ok: true; value: unknown; notices?: Notice[] }
  | { kind: 'reply'; id: number; ok: false; error: SerializedError; notices?: Notice[] }
  | { kind: 'notify'; notices: Notice[] };

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

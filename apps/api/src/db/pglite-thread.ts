import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  deserializeError,
  type Notice,
  type WorkerMessage,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-protocol.js';
import type { PgliteHandle } from './pglite-setup.js';

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The worker's entry: the compiled file next to this one, or, when the API runs from its
 * TypeScript sources (vitest, tsx), the source loaded through tsx.
 */
function workerFor(start: WorkerStart): Worker {
  const compiled = new URL('./pglite-worker.js', import.meta.url);
  const options = { workerData: start, transferList: start.template ? [start.template.buffer as ArrayBuffer] : [] };
  if (existsSync(fileURLToPath(compiled))) return new Worker(compiled, options);
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { ...options, eval: true },
  );
}

/**
 * PGlite on a worker thread of its own. Each call is a message with an id and a promise for
 * its reply; a transaction is BEGIN in the worker, the caller's queries with its id, then
 * COMMIT or ROLLBACK, PGlite holding every other query meanwhile as it does on one thread.
 */
export async function openPgliteWorker(
  dataDir: string | undefined,
  template: Blob | File | undefined,
): Promise<PgliteHandle> {
  const start: WorkerStart = {
    dataDir,
    template: template ? new Uint8Array(await template.arrayBuffer()) : undefined,
  };
  const worker = workerFor(start);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 0;
  let closed = false;
  /** Why the worker is gone, once it is: every later call fails with it. */
  let gone: Error | undefined;

  const hand = (notices: readonly Notice[]) => {
    for (const { channel, payload } of notices) {
      for (const callback of listeners.get(channel) ?? []) callback(payload);
    }
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      switch (message.kind) {
        case 'ready':
          resolve();
          return;
        case 'notify':
          hand(message.notices);
          return;
        case 'reply': {
          // The notifications the query's commit sent come first, as on one thread.
          if (message.notices) hand(message.notices);
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          if (!waiting) return;
          if (message.ok) waiting.resolve(message.value);
          else waiting.reject(deserializeError(message.error));
        }
      }
    });
    const stop = (error: Error) => {
      gone ??= error;
      reject(error);
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('error', (error) => stop(error));
    worker.on('exit', (code) => stop(new Error(`the PGlite worker thread stopped (exit code ${code})`)));
  });
  await ready;

  let nextTransaction = 0;

  function call<T>(request: Request): Promise<T> {
    if (gone) return Promise.reject(gone);
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  const query = <T>(text: string, params: unknown[] | undefined, rowMode: QueryOptions['rowMode'], tx?: number) =>
    call<Results<T>>({
      op: 'query',
      text,
      params,
      rowMode: rowMode === 'array' ? 'array' : undefined,
      usual: false,
      tx,
    });
  const exec = (text: string, tx?: number) => call<Results[]>({ op: 'exec', text, usual: false, tx });

  async function transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    if (gone) throw gone;
    // No reply to wait for: the first query follows at once, and a failed BEGIN is its error.
    const txId = ++nextTransaction;
    worker.postMessage({ op: 'begin', tx: txId } satisfies WorkerRequest);
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await call({ op: 'end', tx: txId, commit });
    };
    const tx: Transaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        query<R>(text, params, options?.rowMode, txId),
      sql: <R>(strings: TemplateStringsArray, ...params: unknown[]) =>
        query<R>(
          strings.reduce((text, part, i) => (i === 0 ? part : `${text}$${i}${part}`), ''),
          params,
          undefined,
          txId,
        ),
      exec: (text: string) => exec(text, txId),
      rollback: () => end(false),
      listen: (channel, callback) => listen(channel, callback),
      get closed() {
        return ended;
      },
    };
    try {
      const result = await run(tx);
      await end(true);
      return result;
    } catch (error) {
      await end(false).catch(() => undefined);
      throw error;
    }
  }

  async function listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = listeners.get(channel);
    if (!set) {
      set = new Set();
      listeners.set(channel, set);
      await call({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && listeners.get(channel) === set) {
        listeners.delete(channel);
        if (!closed) await call({ op: 'unlisten', channel });
      }
    };
  }

  return {
    query: (text, params, options) => query(text, params, options?.rowMode),
    exec: (text) => exec(text),
    transaction,
    queryUsual: (text, params) => call({ op: 'query', text, params, rowMode: undefined, usual: true, tx: undefined }),
    execUsual: (text) => call({ op: 'exec', text, usual: true, tx: undefined }),
    listen,
    dumpDataDir: async () => new Blob([await call<Uint8Array>({ op: 'dump' })]),
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (!gone) await call({ op: 'close' });
      await worker.terminate();
    },
  };
}

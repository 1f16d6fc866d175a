/**
 * The worker thread that runs PGlite for the API (pglite-thread.ts starts it). PGlite is
 * PostgreSQL compiled to WebAssembly: every query runs on the thread that calls it. Measured
 * under a sell load, about two thirds of the API's one thread was PGlite; here it has a
 * thread (a core) of its own and HTTP keeps the other.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { openPgliteInstance, withoutParsers } from './pglite-setup.js';
import { serializeError, type WorkerMessage, type WorkerRequest, type WorkerStart } from './pglite-protocol.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

const start = workerData as WorkerStart;
const { client, usual } = await openPgliteInstance(
  start.dataDir,
  start.template ? new Blob([start.template]) : undefined,
);

const post = (message: WorkerMessage) => port.postMessage(message);

/** Open transactions: the handle PGlite gave the callback, and how to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
let nextTransaction = 0;
const unlisteners = new Map<string, () => Promise<void>>();
/** Rejects PGlite's transaction callback so that PGlite rolls the transaction back. */
const ROLLBACK = Symbol('rollback');

function runner(txId: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (txId === undefined) return client;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.tx;
}

const options = (rowMode: 'array' | undefined, usualParsing: boolean): QueryOptions | undefined =>
  usualParsing ? usual : withoutParsers(rowMode ? { rowMode } : undefined);

/** Starts a transaction and answers its id once BEGIN has run; PGlite holds every other query meanwhile. */
function begin(id: number): void {
  const txId = ++nextTransaction;
  let begun = false;
  const done = client
    .transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          transactions.set(txId, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)), done });
          begun = true;
          post({ kind: 'reply', id, ok: true, value: txId });
        }),
    )
    .catch((error: unknown) => {
      if (error === ROLLBACK) return;
      if (!begun) post({ kind: 'reply', id, ok: false, error: serializeError(error) });
      else throw error;
    });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  transactions.delete(txId);
  open.end(commit);
  // COMMIT's own failure (a deferred constraint) reaches the caller here.
  await open.done;
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const result = await runner(request.tx).query(
        request.text,
        request.params,
        options(request.rowMode, request.usual),
      );
      return result;
    }
    case 'exec':
      return runner(request.tx).exec(request.text, options(undefined, request.usual));
    case 'end':
      return end(request.tx, request.commit);
    case 'listen': {
      if (unlisteners.has(request.channel)) return undefined;
      const unlisten = await client.listen(request.channel, (payload) =>
        post({ kind: 'notify', channel: request.channel, payload }),
      );
      unlisteners.set(request.channel, unlisten);
      return undefined;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.channel);
      unlisteners.delete(request.channel);
      if (unlisten && !client.closed) await unlisten();
      return undefined;
    }
    case 'dump':
      return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    case 'close':
      for (const open of transactions.values()) open.end(false);
      await Promise.allSettled([...transactions.values()].map((open) => open.done));
      if (!client.closed) await client.close();
      return undefined;
    case 'begin':
      throw new Error('begin is answered by begin()');
  }
}

port.on('message', (request: WorkerRequest) => {
  if (request.op === 'begin') {
    begin(request.id);
    return;
  }
  handle(request).then(
    (value) => {
      post({ kind: 'reply', id: request.id, ok: true, value });
      if (request.op === 'close') port.close();
    },
    (error: unknown) => post({ kind: 'reply', id: request.id, ok: false, error: serializeError(error) }),
  );
});
post({ kind: 'ready' });

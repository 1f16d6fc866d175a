/**
 * The worker thread that runs PGlite for the API (pglite-thread.ts starts it). PGlite is
 * PostgreSQL compiled to WebAssembly: every query runs on the thread that calls it. Measured
 * under a sell load, about two thirds of the API's one thread was PGlite; here it has a
 * thread (a core) of its own and HTTP keeps the other.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { openPgliteInstance, withoutParsers } from './pglite-setup.js';
import {
  serializeError,
  type Notice,
  type WorkerMessage,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-protocol.js';

if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;

const start = workerData as WorkerStart;
const { client, usual } = await openPgliteInstance(
  start.dataDir,
  start.template ? new Blob([start.template]) : undefined,
);

/** Notifications heard since the last message: they ride on the next reply (pglite-protocol.ts). */
let notices: Notice[] = [];
let noticesFlush: NodeJS.Immediate | undefined;

function post(message: WorkerMessage): void {
  if (message.kind === 'reply' && notices.length > 0) {
    message.notices = notices;
    notices = [];
  }
  port.postMessage(message);
}

/** PGlite calls listeners while it reads a query's results, so the query's reply follows. */
function hear(channel: string, payload: string): void {
  notices.push({ channel, payload });
  noticesFlush ??= setImmediate(() => {
    noticesFlush = undefined;
    if (notices.length === 0) return;
    port.postMessage({ kind: 'notify', notices } satisfies WorkerMessage);
    notices = [];
  });
}

/**
 * Transactions by the id the caller chose: the handle PGlite gave the callback once BEGIN ran
 * (or why BEGIN failed), and how to end it.
 */
interface OpenTransaction {
  begun: Promise<Transaction>;
  end: (commit: boolean) => void;
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<string, () => Promise<void>>();
/** Rejects PGlite's transaction callback so that PGlite rolls the transaction back. */
const ROLLBACK = Symbol('rollback');

async function runner(txId: number | undefined): Promise<Pick<Transaction, 'query' | 'exec'>> {
  if (txId === undefined) return client;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.begun;
}

const options = (rowMode: 'array' | undefined, usualParsing: boolean): QueryOptions | undefined =>
  usualParsing ? usual : withoutParsers(rowMode ? { rowMode } : undefined);

/** Starts transaction `txId`; PGlite holds every other query from BEGIN until it ends. */
function begin(txId: number): void {
  let began!: (tx: Transaction) => void;
  let failed!: (error: unknown) => void;
  const begun = new Promise<Transaction>((resolve, reject) => {
    began = resolve;
    failed = reject;
  });
  // Read by the caller's first query or its end; never left unhandled meanwhile.
  begun.catch(() => undefined);
  let end: ((commit: boolean) => void) | undefined;
  const done = client
    .transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          end = (commit) => (commit ? resolve() : reject(ROLLBACK));
          began(tx);
        }),
    )
    .catch((error: unknown) => {
      if (error === ROLLBACK) return;
      // BEGIN's failure is told by the transaction's next request; COMMIT's by its end, which awaits this.
      if (!end) failed(error);
      else throw error;
    });
  transactions.set(txId, { begun, end: (commit) => end?.(commit), done });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  transactions.delete(txId);
  // A BEGIN that failed has nothing to end: its error is the answer.
  await open.begun;
  open.end(commit);
  // COMMIT's own failure (a deferred constraint) reaches the caller here.
  await open.done;
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const result = await (
        await runner(request.tx)
      ).query(request.text, request.params, options(request.rowMode, request.usual));
      return result;
    }
    case 'exec':
      return (await runner(request.tx)).exec(request.text, options(undefined, request.usual));
    case 'end':
      return end(request.tx, request.commit);
    case 'listen': {
      if (unlisteners.has(request.channel)) return undefined;
      const unlisten = await client.listen(request.channel, (payload) => hear(request.channel, payload));
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
      // A transaction still waiting for BEGIN is rolled back as soon as it has begun.
      for (const open of transactions.values())
        void open.begun.then(
          () => open.end(false),
          () => undefined,
        );
      await Promise.allSettled([...transactions.values()].map((open) => open.done));
      if (!client.closed) await client.close();
      return undefined;
  }
}

port.on('message', (request: WorkerRequest) => {
  if (request.op === 'begin') {
    begin(request.tx);
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

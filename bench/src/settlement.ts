/**
 * What the bench reads after a load: the chain settlement backlog and its drain, failed
 * (reversed) operations, the ledger check and the chain reconciliation, all through the
 * operator's API where it exists, with honest fallbacks where it does not yet.
 */
import {
  apiPaths,
  ledgerCheckResponseSchema,
  reconciliationResponseSchema,
  settlementStatusResponseSchema,
  type LedgerCheckResponse,
  type ReconciliationResponse,
} from '@qmgt/contracts';
import { mapLimit, type ApiClient, type Customer } from './client.js';
import { openTransactionCounter } from './postgres.js';

export interface Backlog {
  /** Movements (or, in the fallbacks, business transactions) not yet settled on chain. */
  pending: number;
  /** Finally failed and compensated so far, over the whole run. */
  failed: number;
}

export interface BacklogSource {
  /** Which source the figures come from, printed beside them. */
  readonly describe: string;
  /** How often the drain is polled: reading the fallback of customers' histories is not free. */
  readonly pollMs: number;
  read(): Promise<Backlog>;
  close(): Promise<void>;
}

/**
 * GET /api/admin/settlement when the server has it; otherwise, on PostgreSQL, a count of
 * `transactions` with status 'pending' in the bench database; otherwise (PGlite: only the
 * server can open its database) the customers' own histories, page by page.
 */
export async function openBacklogSource(
  operator: ApiClient,
  databaseUrl: string | undefined,
  customers: readonly Customer[],
): Promise<BacklogSource> {
  const probe = await operator.call('GET', apiPaths.adminSettlement);
  if (probe.status === 200) {
    return {
      describe: 'GET /api/admin/settlement',
      pollMs: 100,
      async read() {
        const status = settlementStatusResponseSchema.parse(await operator.ok('GET', apiPaths.adminSettlement));
        return { pending: status.pending, failed: status.failed };
      },
      close: async () => undefined,
    };
  }
  if (probe.status !== 404)
    throw new Error(`GET /api/admin/settlement -> ${probe.status} ${JSON.stringify(probe.json)}`);
  if (databaseUrl) {
    const counter = await openTransactionCounter(databaseUrl);
    return {
      describe: "SQL count of transactions with status 'pending' (no /api/admin/settlement yet)",
      pollMs: 100,
      read: () => counter.read(),
      close: () => counter.close(),
    };
  }
  return {
    describe: "customers' histories, pending transactions counted page by page (no /api/admin/settlement yet)",
    pollMs: 1000,
    read: () => countHistories(customers),
    close: async () => undefined,
  };
}

const HISTORY_PAGE = 100;

export async function countHistories(customers: readonly Customer[]): Promise<Backlog> {
  const counts = await mapLimit(customers, 8, async (customer) => {
    let pending = 0;
    let failed = 0;
    // The history pages by key: follow nextCursor until the last page.
    let cursor: string | null = null;
    do {
      const page: { data: { status: string }[]; nextCursor: string | null } = await customer.api.ok(
        'GET',
        `${apiPaths.transactions}?pageSize=${HISTORY_PAGE}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      for (const t of page.data) {
        if (t.status === 'pending') pending++;
        else if (t.status === 'failed') failed++;
      }
      cursor = page.nextCursor;
    } while (cursor);
    return { pending, failed };
  });
  return counts.reduce((a, b) => ({ pending: a.pending + b.pending, failed: a.failed + b.failed }), {
    pending: 0,
    failed: 0,
  });
}

export interface Drain {
  atEnd: Backlog;
  last: Backlog;
  /** Seconds from the end of the load until nothing was pending; undefined: not within the timeout. */
  drainedAfter: number | undefined;
}

/** The backlog right after the load (ended at `loadEnd`, a performance.now()) and the time until it is empty. */
export async function measureDrain(source: BacklogSource, loadEnd: number, timeoutSeconds: number): Promise<Drain> {
  const atEnd = await source.read();
  let last = atEnd;
  while (last.pending > 0) {
    if ((performance.now() - loadEnd) / 1000 > timeoutSeconds) return { atEnd, last, drainedAfter: undefined };
    await new Promise((r) => setTimeout(r, source.pollMs));
    last = await source.read();
  }
  return { atEnd, last, drainedAfter: (performance.now() - loadEnd) / 1000 };
}

/**
 * The ledger check over everything the load posted. The route checks what changed since the
 * last check, half a second of it per request (decision 013): asked again until it has caught
 * up, with the entries all the calls covered and the slowest call.
 */
export async function ledgerCheck(
  operator: ApiClient,
): Promise<LedgerCheckResponse & { calls: number; entriesChecked: number; slowestMs: number }> {
  let calls = 0;
  let entriesChecked = 0;
  let slowestMs = 0;
  for (;;) {
    const started = performance.now();
    const check = ledgerCheckResponseSchema.parse(await operator.ok('GET', apiPaths.adminLedgerCheck));
    slowestMs = Math.max(slowestMs, performance.now() - started);
    calls++;
    entriesChecked += check.coverage?.entriesChecked ?? check.entries;
    // A server before the incremental check has no coverage: one call checked everything.
    if (!check.coverage || check.coverage.caughtUp || !check.balanced || !check.nonNegative || calls >= 1_000)
      return { ...check, calls, entriesChecked, slowestMs };
  }
}

/** The chain reconciliation, or undefined while the server has no such endpoint (404). */
export async function reconciliation(operator: ApiClient): Promise<ReconciliationResponse | undefined> {
  const response = await operator.call('GET', apiPaths.adminReconciliation);
  if (response.status === 404) return undefined;
  if (response.status !== 200)
    throw new Error(`GET /api/admin/chain/reconciliation -> ${response.status} ${JSON.stringify(response.json)}`);
  return reconciliationResponseSchema.parse(response.json);
}

import {
  ASSETS,
  HOLDING_PLACES,
  STATEMENT_GAIN_ASSETS,
  cutPage,
  fromUnits,
  type AnnualStatement,
  type AnnualStatementQuery,
  type Asset,
  type CursorKey,
  type HoldingPlace,
  type StatementMovement,
} from '@qmgt/contracts';
import type { LedgerService } from '../ledger/index.js';
import type { TransactionsService } from '../transactions/index.js';
import { unprocessable } from '../../lib/errors.js';
import {
  COST_METHOD,
  addFee,
  addRealised,
  applyMovement,
  describeMovement,
  emptyGainTotals,
  emptyPools,
  yearProblem,
  yearWindow,
  type CostPools,
  type GainTotals,
} from './statements.rules.js';

/**
 * Ledger entries read per page of the walk. The walk reads a customer's whole history up to the
 * year's end (a cost carried into the year was paid before it), a page at a time: memory holds
 * one page, whatever the history's length.
 */
export const WALK_PAGE_ENTRIES = 500;

/** A movement of the year as the fold found it: what the wire shows, and its realised figures. */
export interface FoldedMovement {
  movement: StatementMovement;
  proceeds: bigint;
  cost: bigint;
}

/** The year's figures, once the walk has passed its end. */
export interface StatementSummary {
  year: number;
  from: string;
  to: string;
  firstYear: number;
  /** Movements in the year. */
  count: number;
  holdings: { asset: Asset; place: HoldingPlace; opening: bigint; closing: bigint }[];
  fees: Map<Asset, bigint>;
  gains: Record<(typeof STATEMENT_GAIN_ASSETS)[number], GainTotals>;
  pools: CostPools;
}

type Holdings = Map<string, bigint>;
const holdingKey = (asset: string, place: string) => `${asset}:${place}`;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The summary as the wire carries it: decimal strings, USDT for costs and gains. */
export function summaryToWire(summary: StatementSummary): Omit<AnnualStatement, 'movements' | 'nextCursor'> {
  const gains = STATEMENT_GAIN_ASSETS.map((asset) => {
    const totals = summary.gains[asset];
    return {
      asset,
      disposed: fromUnits(totals.disposed, asset),
      proceedsUsdt: fromUnits(totals.proceeds, 'USDT'),
      costUsdt: fromUnits(totals.cost, 'USDT'),
      gainUsdt: fromUnits(totals.gain, 'USDT'),
      heldAtClose: fromUnits(summary.pools[asset].units, asset),
      heldCostUsdt: fromUnits(summary.pools[asset].cost, 'USDT'),
    };
  });
  return {
    year: summary.year,
    from: summary.from,
    to: summary.to,
    firstYear: summary.firstYear,
    holdings: summary.holdings.map((h) => ({
      asset: h.asset,
      place: h.place,
      opening: fromUnits(h.opening, h.asset),
      closing: fromUnits(h.closing, h.asset),
    })),
    fees: [...summary.fees].map(([asset, amount]) => ({ asset, amount: fromUnits(amount, asset) })),
    gains,
    totalGainUsdt: fromUnits(
      STATEMENT_GAIN_ASSETS.reduce((sum, asset) => sum + summary.gains[asset].gain, 0n),
      'USDT',
    ),
    method: [...COST_METHOD],
  };
}

/**
 * The annual statement (DESIGN.md section 11): the customer's ledger entries walked oldest first
 * from their first, by key, a page at a time. Entries before the year only build the holdings
 * and the cost pools it opens with; the year's entries are its movements, fees and realised
 * gains. Holdings and movements come from the ledger's postings (what the customer's accounts
 * hold is what the statement says), the code, type, status and fee from the transaction that
 * booked each entry.
 */
export function createStatementsService(deps: {
  ledger: LedgerService;
  transactions: TransactionsService;
  now?: () => Date;
}) {
  const { ledger, transactions } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The year's window, or a 422 saying which years can be asked for: a year not yet begun is
   * well-formed (the document cannot state the current year), so it is refused by a rule
   * (docs/decisions/005), not as malformed.
   */
  function window(year: number) {
    const at = now();
    const problem = yearProblem(year, at);
    if (problem) throw unprocessable(problem, { year });
    const { from, to } = yearWindow(year);
    // The current year: up to now, so the statement and its closing are of one moment.
    const end = to.getTime() > at.getTime() ? at : to;
    return { from, end, lastDay: day(new Date(end.getTime() - (end === to ? 1 : 0))) };
  }

  /**
   * Walks the customer's history through the year: yields each movement of the year, oldest
   * first, and returns the year's summary.
   */
  async function* fold(
    user: { id: string; createdAt: Date },
    year: number,
  ): AsyncGenerator<FoldedMovement, StatementSummary, void> {
    const { from, end, lastDay } = window(year);
    const fromMs = from.getTime();
    const holdings: Holdings = new Map();
    let opening: Holdings | null = null;
    let pools = emptyPools();
    const fees = new Map<Asset, bigint>();
    const gains = emptyGainTotals();
    let count = 0;
    let after: CursorKey | undefined;
    for (;;) {
      const entries = await ledger.holdingEntries(user.id, { after, before: end }, WALK_PAGE_ENTRIES);
      if (entries.length === 0) break;
      const booked = await transactions.byJournalEntries(
        user.id,
        entries.map((e) => e.entryId),
      );
      for (const entry of entries) {
        const inYear = Date.parse(entry.key) >= fromMs;
        if (inYear && opening === null) opening = new Map(holdings);
        const changes = new Map<Asset, bigint>();
        for (const leg of entry.own) {
          const key = holdingKey(leg.asset, leg.purpose);
          holdings.set(key, (holdings.get(key) ?? 0n) + leg.amount);
          changes.set(leg.asset, (changes.get(leg.asset) ?? 0n) + leg.amount);
        }
        const tx = booked.get(entry.entryId);
        const reversed = tx?.status === 'failed' || entry.entryType.endsWith('.compensation');
        const applied = applyMovement(pools, {
          changes,
          platformMoney: new Map(entry.platformMoney.map((m) => [m.asset, m.amount])),
          reversed,
        });
        pools = applied.pools;
        if (!inYear) continue;
        addRealised(gains, applied.realised);
        const fee =
          tx && !reversed && tx.fee !== null && tx.feeAsset !== null && BigInt(tx.fee) > 0n
            ? { asset: tx.feeAsset, amount: BigInt(tx.fee) }
            : null;
        addFee(fees, fee);
        count += 1;
        const kind = tx?.type ?? entry.entryType;
        const realisedGain = applied.realised.reduce((sum, r) => sum + r.gain, 0n);
        yield {
          movement: {
            id: entry.entryId,
            at: entry.key,
            code: tx?.code ?? null,
            kind,
            description: describeMovement(kind, changes),
            status: tx?.status ?? null,
            changes: ASSETS.filter((asset) => (changes.get(asset) ?? 0n) !== 0n).map((asset) => ({
              asset,
              amount: fromUnits(changes.get(asset)!, asset),
            })),
            fee: fee ? { asset: fee.asset, amount: fromUnits(fee.amount, fee.asset) } : null,
            realisedGainUsdt: applied.realised.length > 0 ? fromUnits(realisedGain, 'USDT') : null,
          },
          proceeds: applied.realised.reduce((sum, r) => sum + r.proceeds, 0n),
          cost: applied.realised.reduce((sum, r) => sum + r.cost, 0n),
        };
      }
      const last = entries[entries.length - 1]!;
      after = { at: last.key, id: last.entryId };
      if (entries.length < WALK_PAGE_ENTRIES) break;
    }
    const opened = opening ?? holdings;
    const rows: StatementSummary['holdings'] = [];
    for (const asset of ASSETS)
      for (const place of HOLDING_PLACES) {
        const key = holdingKey(asset, place);
        const o = opened.get(key) ?? 0n;
        const c = holdings.get(key) ?? 0n;
        if (o !== 0n || c !== 0n) rows.push({ asset, place, opening: o, closing: c });
      }
    return {
      year,
      from: day(from),
      to: lastDay,
      firstYear: user.createdAt.getUTCFullYear(),
      count,
      holdings: rows,
      fees,
      gains,
      pools,
    };
  }

  /** Drains a fold, handing each movement to `each`; resolves with the summary. */
  async function run(
    walk: AsyncGenerator<FoldedMovement, StatementSummary, void>,
    each: (folded: FoldedMovement) => void | Promise<void> = () => undefined,
  ): Promise<StatementSummary> {
    for (;;) {
      const step = await walk.next();
      if (step.done) return step.value;
      await each(step.value);
    }
  }

  return {
    /**
     * GET /statements/annual: the summary and one page of the year's movements after `cursor`,
     * oldest first. The walk still reads the customer's history to the year's end (the
     * summary's figures need it), keeping only this page's rows.
     */
    async annual(user: { id: string; createdAt: Date }, query: AnnualStatementQuery): Promise<AnnualStatement> {
      const cursor = query.cursor;
      const page: StatementMovement[] = [];
      const summary = await run(fold(user, query.year), ({ movement }) => {
        if (page.length > query.pageSize) return;
        if (cursor && (movement.at < cursor.at || (movement.at === cursor.at && movement.id <= cursor.id))) return;
        page.push(movement);
      });
      const cut = cutPage(page, query.pageSize, (m) => ({ at: m.at, id: m.id }));
      return { ...summaryToWire(summary), movements: cut.items, nextCursor: cut.nextCursor };
    },

    /** The year's summary alone (a file's first pass, before its rows are streamed). */
    summary: (user: { id: string; createdAt: Date }, year: number) => run(fold(user, year)),

    /** Every movement of the year, oldest first, read a page at a time (a file's second pass). */
    async *movements(user: { id: string; createdAt: Date }, year: number): AsyncGenerator<FoldedMovement> {
      const walk = fold(user, year);
      for (;;) {
        const step = await walk.next();
        if (step.done) return;
        yield step.value;
      }
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;

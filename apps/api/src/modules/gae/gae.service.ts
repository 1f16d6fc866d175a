import {
  AmountError,
  QUOTE_TTL_MS,
  STATEMENT_PAGE_MOVEMENTS,
  cutPage,
  fromUnits,
  toUnits,
  type Asset,
  type AutoSave,
  type AutoSaveRequest,
  type AutoSaveRunsResponse,
  type CursorKey,
  type ConvertQuote,
  type ConvertQuoteRequest,
  type GaePlanResponse,
  type GaeQuote,
  type GaeQuoteRequest,
  type GaeStatement,
  type GaeStatementQuery,
  type GoldPrices,
  type Termination,
  type TerminationSummary,
  type Transaction,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { LedgerService } from '../ledger/index.js';
import type { MarketService } from '../market/index.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode, type TransactionsService } from '../transactions/index.js';
import {
  GoldRuleError,
  buildStatement,
  dayOf,
  defaultStatementFrom,
  earlyExitUntil,
  gaePrice,
  quoteConvert,
  quoteGae,
  terminationPrice,
  terminationSummary,
  valueOf,
  type PlanMovement,
  type TerminationFigures,
} from './gae.rules.js';
import {
  addDays,
  checkAutoSaveAmounts,
  firstRunOn,
  monthOf,
  nextRunAfter,
  periodKey,
  withinCap,
  type AutoSaveSchedule,
} from './gae.auto-save.rules.js';
import * as repo from './gae.repository.js';
import type { PlanRow, TerminationRow } from './gae.repository.js';
import type { goldQuotes } from './gae.schema.js';
import type { InputOf, MoneyOperationKind } from '../money/index.js';

/**
 * The GAE's mails, as outbox kinds. Both are owed in SQL, by triggers (sql/outbox_owe_*.sql), in the
 * transaction of the change: a termination's status (filed, decided), a skipped month's run row.
 */
export const GAE_MAILS = {
  termination: 'gae.termination',
  autoSaveSkipped: 'gae.auto-save-skipped',
} as const;

/** The outbox message of a skipped period (sql/outbox_owe_auto_save_skip.sql). */
export interface AutoSaveSkipMail {
  planId: string;
  period: string;
  frequency?: 'daily' | 'weekly' | 'monthly';
  reason?: 'balance' | 'cap';
  /** The monthly cap when it skipped (USDT units), or null. */
  capUsdt?: string | null;
}

/** The plan's schedule as the rules take it; null without an auto-save. */
function scheduleOf(plan: PlanRow): AutoSaveSchedule | null {
  if (plan.autoSaveFrequency === 'daily') return { frequency: 'daily' };
  if (plan.autoSaveFrequency === 'weekly' && plan.autoSaveDay !== null)
    return { frequency: 'weekly', dayOfWeek: plan.autoSaveDay };
  if (plan.autoSaveFrequency === 'monthly' && plan.autoSaveDay !== null)
    return { frequency: 'monthly', dayOfMonth: plan.autoSaveDay };
  return null;
}

export interface GaeDeps {
  db: Db;
  money: MoneyEngine;
  market: MarketService;
  ledger: LedgerService;
  transactions: TransactionsService;
  now?: () => Date;
}

function parseAmount(amount: string, asset: Asset, field: string): bigint {
  try {
    return toUnits(amount, asset);
  } catch (error) {
    // The document says "a decimal string"; how many decimals an asset has is a rule: 422.
    if (error instanceof AmountError) throw unprocessable(`${error.message}.`, { field });
    throw error;
  }
}

/** A pricing rule's refusal as the 422 the client shows at the field. */
function byRules<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof GoldRuleError) throw unprocessable(error.message, { field: error.field });
    throw error;
  }
}

/** Due plans the auto-save pass reads at a time. */
const AUTO_SAVE_DUE_PAGE = 100;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * The GAE gold accumulation plan and Convert. Pricing and summaries are the pure rules of
 * gae.rules.ts; every movement is one money-engine operation (migration 0009_gold_savings.sql).
 */
export function createGaeService(deps: GaeDeps) {
  const { db, ledger, market } = deps;
  const now = deps.now ?? (() => new Date());

  async function prices(): Promise<GoldPrices & { spotUnits: bigint }> {
    const { usdPerGram, at } = await market.spot();
    return {
      spot: fromUnits(usdPerGram, 'USDT'),
      gae: fromUnits(gaePrice(usdPerGram), 'USDT'),
      sell: fromUnits(terminationPrice(usdPerGram), 'USDT'),
      at: at.toISOString(),
      spotUnits: usdPerGram,
    };
  }

  async function autoSaveOf(plan: PlanRow): Promise<AutoSave | null> {
    const schedule = scheduleOf(plan);
    if (plan.autoSaveAmount === null || !schedule) return null;
    const last = await repo.lastAutoSaveRun(db, plan.id);
    let transactionCode: string | null = null;
    if (last?.transactionId) {
      transactionCode = (await deps.transactions.byIdForOwner(plan.userId, last.transactionId))?.code ?? null;
    }
    return {
      amountUsdt: fromUnits(BigInt(plan.autoSaveAmount), 'USDT'),
      frequency: schedule.frequency,
      dayOfWeek: schedule.frequency === 'weekly' ? schedule.dayOfWeek : null,
      dayOfMonth: schedule.frequency === 'monthly' ? schedule.dayOfMonth : null,
      monthlyCapUsdt: plan.autoSaveCap === null ? null : fromUnits(BigInt(plan.autoSaveCap), 'USDT'),
      paused: plan.autoSavePaused,
      nextRunOn: plan.autoSaveNext,
      lastRun: last
        ? { period: last.period, outcome: last.outcome, reason: last.reason ?? null, transactionCode }
        : null,
    };
  }

  /**
   * The first due day from `from` whose period has not run: a period that has (bought or
   * skipped) never runs again, so a change or a resume never brings it back.
   */
  async function nextFreeDay(planId: string, schedule: AutoSaveSchedule, from: string): Promise<string> {
    let day = firstRunOn(schedule, from);
    // Runs happen on their due day, so in practice only the current period can have run; the
    // bound keeps a clock gone wrong from looping (the operation then skips a run period anyway).
    for (let i = 0; i < 12 && (await repo.hasRun(db, planId, periodKey(schedule.frequency, day))); i++)
      day = firstRunOn(schedule, addDays(day, 1));
    return day;
  }

  async function openPlan(userId: string): Promise<PlanRow | undefined> {
    const plan = await repo.currentPlan(db, userId);
    return plan && plan.status !== 'terminated' ? plan : undefined;
  }

  /** One money operation of this product, as this customer, now (the engine's typed entry). */
  const execute = <K extends MoneyOperationKind>(
    op: { kind: K } & InputOf<K>,
    userId: string,
    claim?: IdempotencyClaim,
    at: Date = now(),
  ) => deps.money.run<K>(userId, op, { now: at, claim });

  async function toTermination(row: TerminationRow): Promise<Termination> {
    const plan = await repo.planOf(db, row.userId, row.planId);
    const refund = row.refundTransactionId
      ? await deps.transactions.byIdForOwner(row.userId, row.refundTransactionId)
      : undefined;
    return terminationWire(row, plan!, refund);
  }

  /** Terminations with their plans and refunds read in one query each (the operator's queue page). */
  async function toTerminations(rows: TerminationRow[]): Promise<Termination[]> {
    const [plans, refunds] = await Promise.all([
      repo.plansByIds(
        db,
        rows.map((r) => r.planId),
      ),
      deps.transactions.byIds(rows.map((r) => r.refundTransactionId)),
    ]);
    return rows.map((row) =>
      terminationWire(
        row,
        plans.get(row.planId)!,
        row.refundTransactionId ? refunds.get(row.refundTransactionId) : undefined,
      ),
    );
  }

  function terminationWire(row: TerminationRow, plan: PlanRow, refund: Transaction | undefined): Termination {
    const currency = row.currency as 'USDT' | 'QMGT';
    return {
      id: row.id,
      code: row.code,
      planId: row.planId,
      planOpenedAt: plan.openedAt.toISOString(),
      grams: fromUnits(BigInt(row.grams), 'GOLD'),
      spot: fromUnits(BigInt(row.spot), 'USDT'),
      gross: fromUnits(BigInt(row.gross), 'USDT'),
      earlyExit: row.earlyExit,
      earlyExitFee: fromUnits(BigInt(row.earlyExitFee), currency),
      currency,
      refund: fromUnits(BigInt(row.refund), currency),
      status: row.status,
      requestedAt: row.requestedAt.toISOString(),
      decidedAt: iso(row.decidedAt),
      reason: row.reason,
      refundTransaction: refund ?? null,
    };
  }

  function summaryWire(planId: string, openedAt: Date, figures: TerminationFigures): TerminationSummary {
    return {
      planId,
      planOpenedAt: openedAt.toISOString(),
      grams: fromUnits(figures.grams, 'GOLD'),
      spot: fromUnits(figures.spot, 'USDT'),
      gross: fromUnits(figures.gross, 'USDT'),
      earlyExit: figures.earlyExit,
      earlyExitFee: fromUnits(figures.earlyExitFee, figures.currency),
      currency: figures.currency,
      refund: fromUnits(figures.refund, figures.currency),
    };
  }

  /** The summary of terminating the customer's open plan now. */
  async function summarize(userId: string, planId: string | undefined, currency: 'USDT' | 'QMGT') {
    const plan = planId ? await repo.planOf(db, userId, planId) : await openPlan(userId);
    if (!plan) throw notFound(planId ? 'GAE plan not found.' : 'You have no open GAE plan.');
    if (plan.status === 'terminating') throw conflict('A termination request for this plan is already pending.');
    if (plan.status === 'terminated') throw conflict('This GAE plan is already terminated.');
    const grams = (await ledger.balances(userId)).GOLD.gae_plan;
    const { usdPerGram } = await market.spot();
    const figures = byRules(() =>
      terminationSummary({ grams, spot: usdPerGram, openedAt: plan.openedAt, now: now(), currency }),
    );
    return { plan, figures };
  }

  async function quoteRow(userId: string, figures: Omit<typeof goldQuotes.$inferInsert, 'userId' | 'expiresAt'>) {
    const expiresAt = new Date(now().getTime() + QUOTE_TTL_MS);
    const id = await repo.insertQuote(db, { ...figures, userId, expiresAt });
    return { id, expiresAt };
  }

  return {
    prices,

    /** GET /gae/plan: the open (else latest) plan with its grams and valuation, and today's prices. */
    async plan(userId: string): Promise<GaePlanResponse> {
      const price = await prices();
      const { spotUnits, ...wirePrice } = price;
      const plan = await repo.currentPlan(db, userId);
      if (!plan) return { plan: null, price: wirePrice };
      const balances = await ledger.shownBalances(userId);
      const open = plan.status !== 'terminated';
      const grams = open ? balances.GOLD.gae_plan : 0n;
      const termination = plan.status === 'terminating' ? await repo.openTermination(db, plan.id) : undefined;
      return {
        plan: {
          id: plan.id,
          status: plan.status,
          grams: fromUnits(grams, 'GOLD'),
          lockedGrams: fromUnits(termination ? BigInt(termination.grams) : 0n, 'GOLD'),
          costUsdt: fromUnits(BigInt(plan.costUsdt), 'USDT'),
          valuationUsdt: fromUnits(valueOf(grams, spotUnits), 'USDT'),
          openedAt: plan.openedAt.toISOString(),
          closedAt: iso(plan.closedAt),
          earlyExitUntil: earlyExitUntil(plan.openedAt).toISOString(),
          autoSave: open ? await autoSaveOf(plan) : null,
          terminationId: termination?.id ?? null,
        },
        price: wirePrice,
      };
    },

    /** POST /gae/quote: grams = USDT / (spot x 1.03), valid 30 s. */
    async quote(userId: string, request: GaeQuoteRequest): Promise<GaeQuote> {
      const amountUsdt = parseAmount(request.amountUsdt, 'USDT', 'amountUsdt');
      const plan = await openPlan(userId);
      if (request.kind === 'GAEX' && !plan)
        throw conflict('A GAE Extra top-up needs an open GAE plan. Open your plan with a GAE purchase first.');
      if (plan?.status === 'terminating')
        throw conflict('Your GAE plan has a termination request pending: purchases are paused until it is decided.');
      const { usdPerGram } = await market.spot();
      const q = byRules(() => quoteGae(amountUsdt, usdPerGram));
      const { id, expiresAt } = await quoteRow(userId, {
        kind: request.kind,
        assetIn: 'USDT',
        amountIn: q.amountUsdt.toString(),
        assetOut: 'GOLD',
        amountOut: q.grams.toString(),
        fee: q.fee.toString(),
        feeAsset: 'USDT',
        price: q.price.toString(),
        spot: usdPerGram.toString(),
      });
      return {
        quoteId: id,
        kind: request.kind,
        amountUsdt: fromUnits(q.amountUsdt, 'USDT'),
        grams: fromUnits(q.grams, 'GOLD'),
        price: fromUnits(q.price, 'USDT'),
        spot: fromUnits(usdPerGram, 'USDT'),
        fee: fromUnits(q.fee, 'USDT'),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** POST /gae/purchase: executes a GAE or GAEX quote once; the first GAE purchase opens the plan. */
    async purchase(userId: string, quoteId: string, claim: IdempotencyClaim) {
      const kind = (await repo.quoteKind(db, userId, quoteId)) === 'GAEX' ? 'GAEX' : 'GAE';
      const answer = await execute({ kind: 'gae_purchase', quoteId, code: newTransactionCode(kind) }, userId, claim);
      return { transaction: deps.transactions.fromEngine(answer.transaction!), replayed: answer.replayed === true };
    },

    /**
     * GET /gae/statement: the plan account's movements in [from, to] (by default the last 12
     * months) with running grams and valuation, the newest STATEMENT_PAGE_MOVEMENTS of them
     * before the cursor; nextCursor gives the older ones.
     */
    async statement(userId: string, query: GaeStatementQuery): Promise<GaeStatement> {
      const plan = await repo.currentPlan(db, userId);
      const today = dayOf(now());
      const to = query.to ?? today;
      const toAt = new Date(`${to}T00:00:00Z`);
      // The document fixes the shape; a day the month does not have is a rule it cannot state.
      const calendarDay = (field: 'from' | 'to', day: string, at: Date) => {
        if (Number.isNaN(at.getTime()) || dayOf(at) !== day)
          throw unprocessable(`${day} is not a day of the calendar.`, { field });
      };
      calendarDay('to', to, toAt);
      // By default the last 12 months (defaultStatementFrom), never after `to`.
      const fallback = defaultStatementFrom(toAt, plan ? dayOf(plan.openedAt) : to);
      const from = query.from ?? (fallback > to ? to : fallback);
      const fromAt = new Date(`${from}T00:00:00Z`);
      calendarDay('from', from, fromAt);
      if (fromAt > toAt) throw unprocessable('The start date is after the end date.', { field: 'from' });
      const endExclusive = new Date(toAt.getTime() + 86_400_000);
      // The newest page of the period before the cursor, and the balance after it (stored
      // balance less what came later): nothing before the page is read.
      const found = await ledger.statementPage(
        { userId, asset: 'GOLD', purpose: 'gae_plan' },
        { from: fromAt, to: endExclusive, before: query.cursor },
        STATEMENT_PAGE_MOVEMENTS + 1,
      );
      const page = cutPage(found.movements, STATEMENT_PAGE_MOVEMENTS, (m) => ({ at: m.key, id: m.entryId }));
      const movements = [...page.items].reverse();
      const opening = movements.reduce((balance, m) => balance - m.amount, found.closing);
      const byEntry = await deps.transactions.byJournalEntries(
        userId,
        movements.map((m) => m.entryId),
      );
      const terminations = plan ? await repo.terminationsOfPlan(db, plan.id) : [];
      const lockCodes = new Map(terminations.map((t) => [t.lockEntryId, t.code]));
      const terminationCodes = new Map(terminations.map((t) => [t.id, t.code]));
      const rows: PlanMovement[] = movements.map((m) => {
        const transaction = byEntry.get(m.entryId);
        if (transaction)
          return {
            at: m.at,
            type: transaction.type,
            code: transaction.code,
            grams: m.amount,
            price: transaction.price === null ? null : BigInt(transaction.price),
            amountUsdt: transaction.assetIn === 'USDT' && transaction.amountIn ? BigInt(transaction.amountIn) : null,
          };
        const locked = m.entryType === 'gae.termination_lock';
        const withdrawn = m.entryType === 'gae.termination_withdraw';
        return {
          at: m.at,
          type: locked ? 'TERMINATION REQUESTED' : withdrawn ? 'TERMINATION WITHDRAWN' : 'TERMINATION REJECTED',
          code: (locked ? lockCodes.get(m.entryId) : terminationCodes.get(m.memo ?? '')) ?? '',
          grams: m.amount,
          price: null,
          amountUsdt: null,
        };
      });
      const built = buildStatement(opening, rows);
      const { usdPerGram } = await market.spot();
      // The chart needs the spot from the first row's day on, not the whole period's.
      const history = await market.history(movements[0] ? new Date(`${dayOf(movements[0].at)}T00:00:00Z`) : fromAt);
      // Each day's value at that day's last known spot (today's for days the feed has not kept).
      const spotOn = (day: string) => {
        let found: bigint | undefined;
        for (const tick of history) if (dayOf(new Date(tick.at)) <= day) found = BigInt(tick.usdPerGram);
        return found ?? usdPerGram;
      };
      return {
        from,
        to,
        planId: plan?.id ?? null,
        openingGrams: fromUnits(opening, 'GOLD'),
        rows: built.rows.map((r) => ({
          date: r.at.toISOString(),
          type: r.type,
          code: r.code,
          grams: fromUnits(r.grams, 'GOLD'),
          price: r.price === null ? null : fromUnits(r.price, 'USDT'),
          amountUsdt: r.amountUsdt === null ? null : fromUnits(r.amountUsdt, 'USDT'),
          balanceGrams: fromUnits(r.balanceGrams, 'GOLD'),
        })),
        closingGrams: fromUnits(built.closingGrams, 'GOLD'),
        spot: fromUnits(usdPerGram, 'USDT'),
        valuationUsdt: fromUnits(valueOf(built.closingGrams, usdPerGram), 'USDT'),
        series: [...built.endOfDay].map(([date, grams]) => ({
          date,
          grams: fromUnits(grams, 'GOLD'),
          valueUsdt: fromUnits(valueOf(grams, spotOn(date)), 'USDT'),
        })),
        nextCursor: page.nextCursor,
      };
    },

    /** POST /gae/termination/preview: what terminating now would refund. */
    async previewTermination(userId: string, currency: 'USDT' | 'QMGT'): Promise<TerminationSummary> {
      const { plan, figures } = await summarize(userId, undefined, currency);
      return summaryWire(plan.id, plan.openedAt, figures);
    },

    /**
     * PUT /request-terminate-gae-form/{id}: files the request at the summary computed now, as
     * long as it refunds at least what the customer was shown (`refund`); the grams are locked.
     */
    async requestTermination(
      userId: string,
      planId: string,
      form: { currency: 'USDT' | 'QMGT'; refund: string },
      claim: IdempotencyClaim,
    ): Promise<Termination> {
      const minRefund = parseAmount(form.refund, form.currency, 'refund');
      const plan = await repo.planOf(db, userId, planId);
      if (!plan) throw notFound('GAE plan not found.');
      // Figures only for an active plan; for another the operation answers the key's first
      // answer (a retried request) or refuses (already terminating or terminated).
      let figures: Omit<InputOf<'gae_terminate'>, 'kind' | 'planId' | 'code' | 'currency' | 'minRefund'> = {
        grams: '0',
        refund: '0',
      };
      if (plan.status === 'active') {
        const { figures: f } = await summarize(userId, planId, form.currency);
        figures = {
          grams: f.grams.toString(),
          spot: f.spot.toString(),
          price: f.price.toString(),
          gross: f.gross.toString(),
          earlyExit: f.earlyExit,
          earlyExitFee: f.earlyExitFee.toString(),
          refund: f.refund.toString(),
        };
      }
      const answer = await execute(
        {
          kind: 'gae_terminate',
          planId,
          code: newTransactionCode('TERMINATION'),
          currency: form.currency,
          minRefund: minRefund.toString(),
          ...figures,
        },
        userId,
        claim,
      );
      const row = await repo.terminationById(db, String(answer.terminationId));
      if (!row) throw new Error('termination answered without its row');
      return toTermination(row);
    },

    /**
     * POST /terminations/{id}/withdraw: the customer takes back a request still waiting for
     * review; the grams return to the plan (404 another's or unknown, 409 already decided).
     */
    async withdrawTermination(userId: string, id: string, claim: IdempotencyClaim): Promise<Termination> {
      const answer = await execute({ kind: 'gae_termination_withdraw', terminationId: id }, userId, claim);
      const row = await repo.terminationById(db, String(answer.terminationId));
      if (!row) throw new Error('withdrawal answered without its row');
      return toTermination(row);
    },

    /** GET /terminations/{id}: the customer's own request only. */
    async termination(userId: string, id: string): Promise<Termination> {
      const row = await repo.terminationById(db, id);
      if (!row || row.userId !== userId) throw notFound('Termination request not found.');
      return toTermination(row);
    },

    /**
     * PUT /gae/auto-save: a schedule (daily, weekly on a weekday, monthly on a day 1-28) with an
     * optional monthly cap, pause or resume, or off.
     */
    async setAutoSave(userId: string, request: AutoSaveRequest) {
      const plan = await openPlan(userId);
      if (!plan) throw conflict('Open a GAE plan before setting up auto-save.');
      if (plan.status !== 'active') throw conflict('Auto-save cannot change while a termination request is pending.');
      const today = dayOf(now());
      if ('enabled' in request) {
        await repo.setAutoSave(db, plan.id, null);
      } else if ('paused' in request) {
        const schedule = scheduleOf(plan);
        if (plan.autoSaveAmount === null || !schedule)
          throw conflict('Set up auto-save before pausing or resuming it.');
        const stored = {
          amount: plan.autoSaveAmount,
          frequency: schedule.frequency,
          day: plan.autoSaveDay,
          cap: plan.autoSaveCap,
        };
        if (request.paused) await repo.setAutoSave(db, plan.id, { ...stored, paused: true, next: null });
        else if (plan.autoSavePaused)
          // Resuming starts from today: the periods missed while paused are not caught up.
          await repo.setAutoSave(db, plan.id, {
            ...stored,
            paused: false,
            next: await nextFreeDay(plan.id, schedule, today),
          });
      } else {
        const amount = parseAmount(request.amountUsdt, 'USDT', 'amountUsdt');
        const cap =
          request.monthlyCapUsdt === undefined ? null : parseAmount(request.monthlyCapUsdt, 'USDT', 'monthlyCapUsdt');
        byRules(() => checkAutoSaveAmounts(amount, cap));
        // Each purchase must buy at least a gram at today's price, as a one-off purchase must.
        const { usdPerGram } = await market.spot();
        byRules(() => quoteGae(amount, usdPerGram));
        const schedule: AutoSaveSchedule =
          request.frequency === 'daily'
            ? { frequency: 'daily' }
            : request.frequency === 'weekly'
              ? { frequency: 'weekly', dayOfWeek: request.dayOfWeek }
              : { frequency: 'monthly', dayOfMonth: request.dayOfMonth };
        // A paused auto-save stays paused with its new schedule; resuming computes its next day.
        const paused = plan.autoSaveAmount !== null && plan.autoSavePaused;
        await repo.setAutoSave(db, plan.id, {
          amount: amount.toString(),
          frequency: schedule.frequency,
          day:
            schedule.frequency === 'weekly'
              ? schedule.dayOfWeek
              : schedule.frequency === 'monthly'
                ? schedule.dayOfMonth
                : null,
          cap: cap === null ? null : cap.toString(),
          paused,
          next: paused ? null : await nextFreeDay(plan.id, schedule, today),
        });
      }
      const updated = await repo.planOf(db, userId, plan.id);
      return { autoSave: updated ? await autoSaveOf(updated) : null };
    },

    /** GET /gae/auto-save/runs: the current plan's runs, newest first, a small page from the cursor. */
    async autoSaveRuns(userId: string, query: { cursor?: CursorKey | undefined; pageSize: number }) {
      const plan = await repo.currentPlan(db, userId);
      if (!plan) return { data: [], nextCursor: null } satisfies AutoSaveRunsResponse;
      const found = await repo.autoSaveRunsPage(db, plan.id, query.cursor, query.pageSize + 1);
      const page = cutPage(found, query.pageSize, (r) => ({ at: r.key, id: r.row.id }));
      const transactions = await deps.transactions.byIds(page.items.map((r) => r.row.transactionId));
      return {
        data: page.items.map(({ row }) => ({
          period: row.period,
          frequency: row.frequency,
          ranOn: dayOf(row.createdAt),
          outcome: row.outcome,
          reason: row.reason ?? null,
          amountUsdt: row.amountUsdt === null ? null : fromUnits(BigInt(row.amountUsdt), 'USDT'),
          grams: row.grams === null ? null : fromUnits(BigInt(row.grams), 'GOLD'),
          transactionCode: row.transactionId ? (transactions.get(row.transactionId)?.code ?? null) : null,
        })),
        nextCursor: page.nextCursor,
      } satisfies AutoSaveRunsResponse;
    },

    /**
     * The auto-save job's pass: every plan whose day has come buys once for that period (the
     * operation's (plan, period) row makes a second run, here or in another process, a no-op);
     * a short balance or the monthly cap reached skips the period, and the customer is told
     * (an outbox message owed by the run row). `at` is the job's clock.
     */
    async runAutoSaves(at: Date = now()): Promise<{ bought: number; skipped: number }> {
      const today = dayOf(at);
      const month = monthOf(today);
      let bought = 0;
      let skipped = 0;
      /** One due plan's period: the operation's outcome. */
      const runOne = async (plan: PlanRow) => {
        const schedule = scheduleOf(plan);
        if (!schedule || plan.autoSaveAmount === null || plan.autoSaveNext === null) return 'not_due';
        const due = plan.autoSaveNext;
        const amount = BigInt(plan.autoSaveAmount);
        const cap = plan.autoSaveCap === null ? null : BigInt(plan.autoSaveCap);
        let figures;
        try {
          const { usdPerGram } = await market.spot();
          figures = quoteGae(amount, usdPerGram);
        } catch (error) {
          // No price (or a price at which the amount buys under a gram): try again next pass.
          if (error instanceof GoldRuleError) return 'not_due';
          throw error;
        }
        // The cap counts this calendar month's purchases; the operation checks the figure still holds.
        const spent = await repo.autoSaveSpent(db, plan.id, month.from, month.to);
        const answer = await execute(
          {
            kind: 'gae_auto_save',
            planId: plan.id,
            frequency: schedule.frequency,
            day: plan.autoSaveDay,
            capUsdt: plan.autoSaveCap,
            dueOn: due,
            period: periodKey(schedule.frequency, due),
            nextRunOn: nextRunAfter(schedule, due, today),
            monthFrom: month.from.toISOString(),
            monthTo: month.to.toISOString(),
            spentUsdt: spent.toString(),
            withinCap: withinCap(spent, amount, cap),
            amountUsdt: amount.toString(),
            grams: figures.grams.toString(),
            fee: figures.fee.toString(),
            price: figures.price.toString(),
            code: newTransactionCode('GAE'),
          },
          plan.userId,
          undefined,
          at,
        );
        return answer.outcome;
      };
      // Page by page through what is due, each page after the last one's key: a plan left due
      // (no price yet) is passed over until the next pass rather than read again.
      let after: { next: string; id: string } | undefined;
      for (;;) {
        const page = await repo.dueAutoSaves(db, today, after, AUTO_SAVE_DUE_PAGE);
        for (const plan of page) {
          const outcome = await runOne(plan);
          if (outcome === 'bought') bought++;
          // A skip's message is owed by its run row, in the operation's transaction.
          if (outcome === 'skipped') skipped++;
        }
        const last = page[page.length - 1];
        if (!last || page.length < AUTO_SAVE_DUE_PAGE) break;
        after = { next: last.autoSaveNext!, id: last.id };
      }
      return { bought, skipped };
    },

    /** A skipped period, for its message. */
    skippedRun: (skip: AutoSaveSkipMail) => repo.skippedRun(db, skip.planId, skip.period),

    async convertQuote(userId: string, request: ConvertQuoteRequest): Promise<ConvertQuote> {
      const amountIn = parseAmount(request.amount, request.from, 'amount');
      const q = byRules(() => quoteConvert(request.from, amountIn));
      const { id, expiresAt } = await quoteRow(userId, {
        kind: 'CONVERT',
        assetIn: q.from,
        amountIn: q.amountIn.toString(),
        assetOut: q.to,
        amountOut: q.amountOut.toString(),
        fee: q.fee.toString(),
        feeAsset: q.to,
      });
      return {
        quoteId: id,
        from: q.from,
        to: q.to,
        amountIn: fromUnits(q.amountIn, q.from),
        amountOut: fromUnits(q.amountOut, q.to),
        fee: fromUnits(q.fee, q.to),
        expiresAt: expiresAt.toISOString(),
      };
    },

    async convert(
      userId: string,
      quoteId: string,
      claim: IdempotencyClaim,
    ): Promise<{ transaction: Transaction; replayed: boolean }> {
      const answer = await execute({ kind: 'convert', quoteId, code: newTransactionCode('CONVERT') }, userId, claim);
      return { transaction: deps.transactions.fromEngine(answer.transaction!), replayed: answer.replayed === true };
    },

    /** For the operator's review (gae.module.ts): a termination as it answers, one or a queue page at once. */
    toTermination,
    toTerminations,
  };
}

export type GaeService = ReturnType<typeof createGaeService>;

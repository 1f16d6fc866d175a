import { and, asc, desc, eq, getTableColumns, isNotNull, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { cutPage, type AdminReviewQuery, type ReviewDecision } from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { keyText, newerThan, olderThan } from '../../lib/keyset.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { MoneyEngine } from '../../modules/money/index.js';
import type { InputOf, MoneyOperationKind } from '../../modules/money/index.js';
import type { Notice } from '../../modules/notifications/index.js';
import { usersService } from '../../modules/users/index.js';

/** What every reviewed request row carries (the common review columns). */
export interface ReviewRow {
  id: string;
  userId: string;
  status: string;
}

/** The common review columns a request table has (by their drizzle names), beside its request time. */
const REVIEW_COLUMNS = ['id', 'userId', 'status', 'decidedAt'] as const;
type ReviewColumns = Record<(typeof REVIEW_COLUMNS)[number] | 'requestedAt', AnyColumn>;

function reviewColumns(table: PgTable, requestedAt: AnyColumn): ReviewColumns {
  const columns = getTableColumns(table) as Record<string, AnyColumn | undefined>;
  const found = Object.fromEntries(
    REVIEW_COLUMNS.map((name) => {
      const column = columns[name];
      if (!column) throw new Error(`a reviewed table needs the common review column ${name}`);
      return [name, column];
    }),
  );
  return { ...found, requestedAt } as ReviewColumns;
}

/** The decision the platform hands a product's booking: validated, the reason trimmed. */
export interface Decided {
  decision: ReviewDecision;
  operatorId: string;
  reason: string | null;
}

/** A money operation of any kind, as a product writes it (`{ kind, ...input }`). */
export type MoneyOperationInput = { [K in MoneyOperationKind]: { kind: K } & InputOf<K> }[MoneyOperationKind];

/**
 * How a decision is booked. A money review names its `*_decide` operation: the engine runs it
 * in one transaction (the money moves with the status, sql/review_claim.sql refuses an unknown
 * or decided request) and a repeated Idempotency-Key answers the first decision. A review
 * without money applies its decision with one conditional UPDATE, answering undefined when the
 * row had already left its open status.
 */
export type ReviewBooking<Row extends ReviewRow> =
  | { money: (row: Row, decided: Decided) => MoneyOperationInput }
  | {
      apply: (row: Row, decided: Decided) => Promise<Row | undefined>;
      /** The 409 message for a request no longer open. */
      taken: (row: Row) => string;
    };

/** A product's review, declared: the platform runs its queue, decisions, audit and mail. */
export interface ReviewDeclaration<Row extends ReviewRow, Item extends object, Answer = QueueItem<Item>> {
  /** The audit actions' prefix: `${audit}.approve`, `${audit}.reject`. */
  audit: string;
  /**
   * The request table, with the common review columns (id, userId, status, decidedAt). The
   * queue pages the open requests on (requestedAt, id) ascending and the decided ones on
   * (decidedAt, id) descending: the table has a partial index for each (migration 0037).
   */
  table: PgTable;
  requestedAt: AnyColumn;
  /** The status of a request waiting for a decision. */
  open: string;
  /** The 404 message (also for a malformed id). */
  notFound: string;
  booking: ReviewBooking<Row>;
  /** Names the request in the audit row's detail (its code, a masked account number). */
  subject: (row: Row) => string;
  /** A queue page's rows as the operator sees them, read with one query per kind of detail, never per row. */
  present: (rows: Row[]) => Promise<Item[]>;
  /** What a decision answers; without it, the request as its queue shows it. */
  answer?: (row: Row) => Promise<Answer>;
  /** Refuses a decision the platform cannot carry out now (e.g. no USDAU token: a 503). */
  guard?: (decision: ReviewDecision) => void;
  /**
   * The customer's message: an outbox kind owed by the status change itself (a trigger,
   * sql/outbox_owe_status_mail.sql, with `{ id, status }`), sent while the request still has
   * that status (a later status owes its own message, which tells where the request stands).
   */
  message?: {
    kind: string;
    /** The e-mail; none for a review that only notifies in the app. */
    send?: (row: Row, customer: { email: string; username: string }) => Promise<void>;
    /** The in-app notification of the status (DESIGN.md section 11); without it, a plain one naming `subject`. */
    notice?: (row: Row) => { title: string; body: string; link: string | null };
  };
}

/** What a review's customer reads in the app when their request takes a status. */
export function reviewNotice(subject: string, status: string, link: string | null = null) {
  if (status === 'approved' || status === 'verified')
    return { title: `Request ${subject} approved`, body: `Your request ${subject} was approved.`, link };
  if (status === 'rejected')
    return { title: `Request ${subject} not approved`, body: `Your request ${subject} was not approved.`, link };
  return { title: `Request ${subject} received`, body: `Your request ${subject} is with our operators.`, link };
}

export interface ReviewDeps {
  db: Db;
  /** Needed by money reviews only. */
  money?: MoneyEngine;
  now?: () => Date;
  /** Writes the customer's notification and sends the mail their preferences keep (modules/notifications). */
  notify?: (notice: Notice, mail?: () => Promise<void>) => Promise<void>;
}

export type QueueItem<Item> = Item & { username: string; email: string };

/** The platform side of one declared review: its queue, its decisions, its customer's messages. */
export function createReview<Row extends ReviewRow, Item extends object, Answer = QueueItem<Item>>(
  deps: ReviewDeps,
  review: ReviewDeclaration<Row, Item, Answer>,
) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const t = reviewColumns(review.table, review.requestedAt);

  async function byId(id: string): Promise<Row | undefined> {
    const [row] = await db.select().from(review.table).where(eq(t.id, id));
    return row as Row | undefined;
  }

  /** Rows with who asked: the customers of a page in one query. */
  async function withCustomers(rows: Row[]): Promise<QueueItem<Item>[]> {
    const [items, customers] = await Promise.all([
      review.present(rows),
      usersService.byIds(
        db,
        rows.map((r) => r.userId),
      ),
    ]);
    return items.map((item, i) => {
      const customer = customers.get(rows[i]!.userId);
      return { ...item, username: customer?.username ?? '', email: customer?.email ?? '' };
    });
  }

  /** A page row as the operator sees it (bank reviews answer a decision with it). */
  async function item(row: Row): Promise<QueueItem<Item>> {
    const [one] = await withCustomers([row]);
    return one!;
  }

  return {
    byId,
    item,

    /**
     * One page of the queue: open requests oldest first (what needs action, in the order it
     * came), or decided ones latest first. Paged by key, so a page stays put while new
     * requests arrive (they sort after the open view's last page, before the decided view's first).
     */
    async queue(query: AdminReviewQuery): Promise<{ data: QueueItem<Item>[]; nextCursor: string | null }> {
      const open = query.queue === 'open';
      const at = open ? t.requestedAt : t.decidedAt;
      const rows = await db
        .select({ row: review.table, key: keyText(at) } as never)
        .from(review.table)
        .where(
          open
            ? and(eq(t.status, review.open), newerThan(at, t.id, query.cursor))
            : and(isNotNull(t.decidedAt), olderThan(at, t.id, query.cursor)),
        )
        .orderBy(...(open ? [asc(at), asc(t.id)] : [desc(at), desc(t.id)]))
        .limit(query.pageSize + 1);
      const page = cutPage(rows as unknown as { row: Row; key: string }[], query.pageSize, (r) => ({
        at: r.key,
        id: r.row.id,
      }));
      return { data: await withCustomers(page.items.map((r) => r.row)), nextCursor: page.nextCursor };
    },

    /**
     * An operator's decision: 404 unknown request, 400 a rejection without a reason, 409 a
     * request already decided (a repeated Idempotency-Key on a money review answers the first
     * decision instead). Audited once, by the decision that changed the request.
     */
    async decide(
      operatorId: string,
      id: string,
      decision: ReviewDecision,
      reason: string | undefined,
      claim: IdempotencyClaim | undefined,
      ip: string | null,
    ): Promise<Answer> {
      const row = await byId(id);
      if (!row) throw notFound(review.notFound);
      const why = reason?.trim() || null;
      if (decision === 'reject' && !why)
        throw badRequest('Give the customer a reason for the rejection.', { field: 'reason' });
      review.guard?.(decision);
      const decided: Decided = { decision, operatorId, reason: why };
      let replayed = false;
      if ('money' in review.booking) {
        if (!deps.money) throw new Error('a money review needs the money engine');
        const op = review.booking.money(row, decided);
        const answer = await deps.money.run(row.userId, op as never, { now: now(), claim });
        replayed = (answer as { replayed?: boolean }).replayed === true;
      } else if (!(await review.booking.apply(row, decided))) {
        const current = await byId(id);
        throw current ? conflict(review.booking.taken(current)) : notFound(review.notFound);
      }
      if (!replayed)
        await audit(db, {
          action: `${review.audit}.${decision}`,
          actorId: operatorId,
          subjectId: row.userId,
          detail: `${review.subject(row)}${why ? `: ${why.slice(0, 400)}` : ''}`,
          ip,
        });
      const after = (await byId(id))!;
      return review.answer ? review.answer(after) : ((await item(after)) as Answer);
    },

    /** The outbox handler of the customer's message: skips a status the request has left. */
    async sendMessage(owed: { id: string; status: string }, key: string): Promise<void> {
      const message = review.message;
      if (!message) return;
      const row = await byId(owed.id);
      if (!row || row.status !== owed.status) return;
      const customer = await usersService.findById(db, row.userId);
      if (!customer) return;
      const send = message.send;
      const mail = send ? () => send(row, customer) : undefined;
      if (!deps.notify) return mail?.();
      const notice = message.notice?.(row) ?? reviewNotice(review.subject(row), row.status);
      await deps.notify({ userId: row.userId, kind: 'review', key, ...notice }, mail);
    },
  };
}

export type Review<Row extends ReviewRow, Item extends object, Answer> = ReturnType<
  typeof createReview<Row, Item, Answer>
>;

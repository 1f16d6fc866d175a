import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { safeEncode } from 'zod';
import {
  cutPage,
  fromUnits,
  transactionsResponseSchema,
  type Asset,
  type Transaction,
  type TransactionsQuery,
  type TransactionType,
} from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import { transactions } from './transactions.schema.js';
import { notFound } from '../../lib/errors.js';
import { keyText, olderThan } from '../../lib/keyset.js';
import type { HistoryCache } from './history-cache.js';

export type TransactionRow = typeof transactions.$inferSelect;

/**
 * The columns a customer's transaction shows (toWire): lists read only these. On PGlite,
 * reading the row's other five columns as well made a history page about a quarter slower.
 */
const wireColumns = {
  id: transactions.id,
  code: transactions.code,
  type: transactions.type,
  status: transactions.status,
  assetIn: transactions.assetIn,
  amountIn: transactions.amountIn,
  assetOut: transactions.assetOut,
  amountOut: transactions.amountOut,
  price: transactions.price,
  fee: transactions.fee,
  feeAsset: transactions.feeAsset,
  txHash: transactions.txHash,
  failureReason: transactions.failureReason,
  createdAt: transactions.createdAt,
};
type WireRow = Pick<TransactionRow, keyof typeof wireColumns>;

const CODE_PREFIX: Record<TransactionType, string> = {
  QMGT: 'QM',
  CONVERT: 'CV',
  GAE: 'GA',
  GAEX: 'GX',
  USDAU: 'UA',
  DEPOSIT: 'DP',
  TERMINATION: 'TM',
  REWARD: 'RW',
  STAKING: 'SK',
  GES: 'GS',
  PAYMENT: 'PY',
  REMIT: 'RM',
  REDEMPTION: 'RD',
  GIFT: 'GF',
};
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short reference a customer can read out to support: type prefix and 10 random characters. */
export function newTransactionCode(type: TransactionType): string {
  let code = `${CODE_PREFIX[type]}-`;
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * A history page's answer as Fastify's response serializer would write it (the zod type
 * provider's: the schema's encoding, then JSON.stringify), once, so a remembered page is sent
 * as text without being checked and serialized again on every request.
 */
function pageJson(page: { data: Transaction[]; nextCursor: string | null }): string {
  const encoded = safeEncode(transactionsResponseSchema, page);
  if (!encoded.success) throw new Error('a history page does not match its response schema', { cause: encoded.error });
  return JSON.stringify(encoded.data);
}

/** The first page of a list, the one remembered: no cursor, and no page number past the first. */
const isFirstPage = (query: TransactionsQuery) => query.cursor === undefined && (query.page ?? 1) === 1;

export function createTransactionsService(deps: {
  db: Db;
  explorerUrl: (hash: string) => string;
  /** First pages remembered per customer (decision 025); without it every page is read. */
  historyCache?: HistoryCache;
}) {
  const { db, historyCache } = deps;

  /**
   * The history page's query in its four shapes (with or without a type, a cursor), built once
   * and prepared: the history GET is the customer's most frequent read, and drizzle building
   * the statement anew took about a tenth of the API's CPU under a load of them. On PostgreSQL
   * these are named statements, prepared once per connection (behind PgBouncer in transaction
   * mode that needs its `max_prepared_statements`, 1.21 or later).
   */
  const pageQuery = (byType: boolean, byCursor: boolean) =>
    db
      .select({ row: wireColumns, key: keyText(transactions.createdAt) })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, sql.placeholder('userId')),
          byType ? eq(transactions.type, sql.placeholder('type')) : undefined,
          byCursor
            ? olderThan(transactions.createdAt, transactions.id, {
                at: sql.placeholder('at'),
                id: sql.placeholder('id'),
              })
            : undefined,
        ),
      )
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`transactions_page${byType ? '_type' : ''}${byCursor ? '_cursor' : ''}`);
  const pageQueries = new Map<string, ReturnType<typeof pageQuery>>();
  const pageQueryFor = (byType: boolean, byCursor: boolean) => {
    const name = `${byType}/${byCursor}`;
    let query = pageQueries.get(name);
    if (!query) pageQueries.set(name, (query = pageQuery(byType, byCursor)));
    return query;
  };

  /** The operation that booked a row is the kernel's business, not the customer's. */
  function toWire(row: WireRow): Transaction {
    const amount = (value: string | null, asset: Asset | null) =>
      value === null || asset === null ? null : fromUnits(BigInt(value), asset);
    return {
      id: row.id,
      code: row.code,
      type: row.type as TransactionType,
      status: row.status,
      assetIn: row.assetIn,
      amountIn: amount(row.amountIn, row.assetIn),
      assetOut: row.assetOut,
      amountOut: amount(row.amountOut, row.assetOut),
      price: row.price === null ? null : fromUnits(BigInt(row.price), 'USDT'),
      fee: amount(row.fee, row.feeAsset),
      feeAsset: row.feeAsset,
      txHash: row.txHash,
      explorerUrl: row.txHash ? deps.explorerUrl(row.txHash) : null,
      failureReason: row.failureReason,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** A transaction as the money engine's SQL answers it (`transaction_json`). */
  function fromEngine(json: Record<string, string | null>): Transaction {
    return toWire({
      id: json.id!,
      code: json.code!,
      type: json.type!,
      status: json.status as TransactionRow['status'],
      assetIn: json.assetIn as Asset | null,
      amountIn: json.amountIn ?? null,
      assetOut: json.assetOut as Asset | null,
      amountOut: json.amountOut ?? null,
      price: json.price ?? null,
      fee: json.fee ?? null,
      feeAsset: json.feeAsset as Asset | null,
      txHash: json.txHash ?? null,
      failureReason: json.failureReason ?? null,
      createdAt: new Date(json.createdAt!),
    });
  }

  /**
   * One page of the customer's history, newest first, by key: the (user_id, created_at, id)
   * index walks from the cursor, so a page costs its rows whatever the history's length.
   * `page` (offset) still answers for old links when no cursor is given; neither counts the history.
   */
  async function list(userId: string, query: TransactionsQuery) {
    const rows = await pageQueryFor(query.type !== undefined, query.cursor !== undefined).execute({
      userId,
      type: query.type,
      at: query.cursor?.at,
      id: query.cursor?.id,
      limit: query.pageSize + 1,
      offset: !query.cursor && query.page ? (query.page - 1) * query.pageSize : 0,
    });
    const page = cutPage(rows, query.pageSize, (r) => ({ at: r.key, id: r.row.id }));
    return { data: page.items.map((r) => toWire(r.row)), nextCursor: page.nextCursor };
  }

  /**
   * The history GET's answer as JSON text. A first page comes from memory while nothing it
   * shows has changed (decision 025): the transactions trigger announces every customer whose
   * rows a commit changed, before the committing call returns in this process.
   */
  async function listJson(userId: string, query: TransactionsQuery): Promise<string> {
    if (!historyCache || !isFirstPage(query)) return pageJson(await list(userId, query));
    const shape = `${query.type ?? ''}/${query.pageSize}`;
    const remembered = historyCache.lookup(userId, shape);
    if (remembered !== undefined) return remembered;
    const read = historyCache.begin(userId);
    try {
      const json = pageJson(await list(userId, query));
      historyCache.store(read, shape, json);
      return json;
    } finally {
      historyCache.end(read);
    }
  }

  return {
    toWire,
    fromEngine,
    explorerUrl: deps.explorerUrl,

    listJson,

    /** A customer's own transaction; another user's id answers the same 404 as a missing one. */
    async byId(userId: string, id: string, type: TransactionType): Promise<Transaction> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id), eq(transactions.userId, userId), eq(transactions.type, type)))
        .limit(1);
      if (!row) throw notFound('Transaction not found.');
      return toWire(row);
    },

    async byCode(userId: string, type: TransactionType, code: string): Promise<Transaction> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(
          and(eq(transactions.code, code.toUpperCase()), eq(transactions.userId, userId), eq(transactions.type, type)),
        )
        .limit(1);
      if (!row) throw notFound('Transaction not found.');
      return toWire(row);
    },

    /** A customer's transactions by the journal entries they point at (statements). */
    async byJournalEntries(userId: string, entryIds: readonly string[]): Promise<Map<string, TransactionRow>> {
      if (entryIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, userId), inArray(transactions.journalEntryId, [...entryIds])));
      return new Map(rows.map((r) => [r.journalEntryId!, r]));
    },

    /** By id, whoever it belongs to: for a module that has already checked ownership. */
    async byIdForOwner(userId: string, id: string): Promise<Transaction | undefined> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id), eq(transactions.userId, userId)))
        .limit(1);
      return row ? toWire(row) : undefined;
    },

    /**
     * Several transactions by id, whoever they belong to, in one query: for a back-office page
     * whose rows (already the operator's to see) point at their transactions.
     */
    async byIds(ids: readonly (string | null)[]): Promise<Map<string, Transaction>> {
      const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
      if (wanted.length === 0) return new Map();
      const rows = await db.select().from(transactions).where(inArray(transactions.id, wanted));
      return new Map(rows.map((row) => [row.id, toWire(row)]));
    },

    async recent(userId: string, limit = 10): Promise<Transaction[]> {
      const rows = await db
        .select(wireColumns)
        .from(transactions)
        .where(eq(transactions.userId, userId))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(limit);
      return rows.map(toWire);
    },

    /** The chain transaction that carries these operations' movements (shown as their explorer link). */
    async recordChainHash(tx: Db | Tx, ids: readonly string[], hash: string): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(transactions)
        .set({ txHash: hash, updatedAt: new Date() })
        .where(and(inArray(transactions.id, [...ids]), eq(transactions.status, 'pending')));
    },

    /** Operations whose every chain movement is final: completed (a failed one stays failed). */
    async completeSettled(tx: Db | Tx, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      const settledAt = new Date();
      await tx
        .update(transactions)
        .set({ status: 'completed', settledAt, updatedAt: settledAt })
        .where(and(inArray(transactions.id, [...ids]), eq(transactions.status, 'pending')));
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;

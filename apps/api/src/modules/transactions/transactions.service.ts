import { randomInt } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { fromUnits, type Asset, type Transaction, type TransactionType } from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import { transactions } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';

export type TransactionRow = typeof transactions.$inferSelect;

const CODE_PREFIX: Record<TransactionType, string> = {
  QMGT: 'QM',
  CONVERT: 'CV',
  GAE: 'GA',
  GAEX: 'GX',
  USDAU: 'UA',
  DEPOSIT: 'DP',
};
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short reference a customer can read out to support: type prefix and 10 random characters. */
export function newTransactionCode(type: TransactionType): string {
  let code = `${CODE_PREFIX[type]}-`;
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface NewTransaction {
  userId: string;
  type: TransactionType;
  status?: TransactionRow['status'];
  assetIn?: Asset | null;
  amountIn?: bigint | null;
  assetOut?: Asset | null;
  amountOut?: bigint | null;
  price?: bigint | null;
  fee?: bigint | null;
  feeAsset?: Asset | null;
  journalEntryId?: string | null;
  txHash?: string | null;
}

const str = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());

export function createTransactionsService(deps: { db: Db; explorerUrl: (hash: string) => string }) {
  const { db } = deps;

  function toWire(row: TransactionRow): Transaction {
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

  return {
    toWire,

    async create(tx: Db | Tx, input: NewTransaction): Promise<TransactionRow> {
      const [row] = await tx
        .insert(transactions)
        .values({
          code: newTransactionCode(input.type),
          userId: input.userId,
          type: input.type,
          status: input.status ?? 'pending',
          assetIn: input.assetIn ?? null,
          amountIn: str(input.amountIn),
          assetOut: input.assetOut ?? null,
          amountOut: str(input.amountOut),
          price: str(input.price),
          fee: str(input.fee),
          feeAsset: input.feeAsset ?? null,
          journalEntryId: input.journalEntryId ?? null,
          txHash: input.txHash ?? null,
          settledAt: input.status === 'completed' ? new Date() : null,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async list(userId: string, query: { type?: TransactionType | undefined; page: number; pageSize: number }) {
      const where = and(eq(transactions.userId, userId), query.type ? eq(transactions.type, query.type) : undefined);
      const [total] = await db.select({ n: count() }).from(transactions).where(where);
      const rows = await db
        .select()
        .from(transactions)
        .where(where)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return { data: rows.map(toWire), total: Number(total?.n ?? 0) };
    },

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

    async recent(userId: string, limit = 10): Promise<Transaction[]> {
      const rows = await db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, userId))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(limit);
      return rows.map(toWire);
    },

    async find(tx: Db | Tx, id: string): Promise<TransactionRow | undefined> {
      const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).limit(1);
      return row;
    },

    async update(tx: Db | Tx, id: string, patch: Partial<typeof transactions.$inferInsert>): Promise<void> {
      await tx
        .update(transactions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(transactions.id, id));
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;

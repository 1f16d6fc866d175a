import type { User } from '@qmgt/contracts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { users } from './users.schema.js';
import type { Db, Tx } from '../../db/client.js';
import { newRefCode, newUserHash } from '../../lib/secure-tokens.js';
import { conflict } from '../../lib/errors.js';
import { pgError, UNIQUE_VIOLATION } from '../../lib/db-errors.js';
import {
  findUserByEmail,
  findUserById,
  findUserByRefCode,
  findUserByUsername,
  insertUser,
  updateUser,
  type NewUserRow,
  type UserRow,
} from './users.repository.js';

export type { UserRow } from './users.repository.js';

/** The wire shape of a user: never the password hash, never the upline's identity. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    userHash: row.userHash,
    refCode: row.refCode,
    kycVerified: row.kycStatus,
    confirmed: row.confirmed,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

function uniqueViolation(error: unknown): string | undefined {
  const pg = pgError(error);
  return pg?.code === UNIQUE_VIOLATION ? pg.constraint : undefined;
}

export interface NewAccount {
  username: string;
  email: string;
  passwordHash: string;
  uplineId?: string | undefined;
  role?: UserRow['role'];
  confirmed?: boolean;
}

/**
 * Creates a user with a fresh public hash and referral code. A clash on the random values is
 * retried; a clash on e-mail or username is the caller's (409).
 */
export async function createUser(db: Db | Tx, account: NewAccount): Promise<UserRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row: NewUserRow = {
      username: account.username,
      email: account.email.toLowerCase(),
      passwordHash: account.passwordHash,
      uplineId: account.uplineId ?? null,
      role: account.role ?? 'customer',
      confirmed: account.confirmed ?? false,
      confirmedAt: account.confirmed ? new Date() : null,
      userHash: newUserHash(),
      refCode: newRefCode(),
    };
    try {
      return await insertUser(db, row);
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === undefined) throw error;
      if (constraint === 'users_email_key') {
        throw conflict('An account with this e-mail already exists. Sign in, or reset your password.', {
          field: 'email',
        });
      }
      if (constraint === 'users_username_lower_key') {
        throw conflict('This username is taken. Please choose another.', { field: 'username' });
      }
    }
  }
  throw new Error('could not allocate a unique user hash and referral code');
}

/** The downline three levels deep: members (paged, optionally of one level or matching a name) and counts per level. */
async function downline(
  db: Db,
  userId: string,
  query: { level?: number | undefined; search?: string | undefined; page: number; pageSize: number },
) {
  const tree = sql`WITH RECURSIVE tree(id, level) AS (
      SELECT id, 1 FROM users WHERE upline_id = ${userId}
      UNION ALL
      SELECT u.id, t.level + 1 FROM users u JOIN tree t ON u.upline_id = t.id WHERE t.level < 3)`;
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const filter = sql`(${query.level ?? null}::int IS NULL OR t.level = ${query.level ?? null}::int)
      AND (${pattern}::text IS NULL OR u.username ILIKE ${pattern}::text)`;
  const rows = await db.execute<{
    id: string;
    username: string;
    level: number;
    joined_at: string;
    kyc_status: string;
    total: number;
  }>(sql`
    ${tree}
    SELECT u.id, u.username, t.level, u.created_at AS joined_at, u.kyc_status, count(*) OVER ()::int AS total
      FROM tree t JOIN users u ON u.id = t.id
     WHERE ${filter}
     ORDER BY t.level, u.created_at DESC, u.id
     LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`);
  const levels = await db.execute<{ level: number; count: number }>(sql`
    ${tree}
    SELECT level, count(*)::int AS count FROM tree GROUP BY level ORDER BY level`);
  const members = (
    rows as unknown as {
      rows: {
        id: string;
        username: string;
        level: number;
        joined_at: string | Date;
        kyc_status: string;
        total: number;
      }[];
    }
  ).rows;
  let total = members[0]?.total ?? 0;
  if (members.length === 0 && query.page > 1) {
    const counted = await db.execute<{ n: number }>(
      sql`${tree} SELECT count(*)::int AS n FROM tree t JOIN users u ON u.id = t.id WHERE ${filter}`,
    );
    total = (counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  }
  return {
    members: members.map((m) => ({
      id: m.id,
      username: m.username,
      level: Number(m.level),
      joinedAt: new Date(m.joined_at),
      kycStatus: m.kyc_status,
    })),
    levels: (levels as unknown as { rows: { level: number; count: number }[] }).rows.map((l) => ({
      level: Number(l.level),
      count: Number(l.count),
    })),
    total,
  };
}

export const usersService = {
  downline,
  findById: findUserById,
  findByEmail: findUserByEmail,
  findByUsername: findUserByUsername,
  findByRefCode: findUserByRefCode,
  update: updateUser,
  create: createUser,
  /** Several users at once, by id (back-office lists). */
  async byIds(db: Db, userIds: readonly string[]): Promise<Map<string, UserRow>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await db.select().from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  },
  /**
   * An operator queue's rows with who asked: each row's wire form plus its customer's username
   * and e-mail, read in one query for the whole list.
   */
  async withCustomers<R extends { userId: string }, W extends object>(
    db: Db,
    rows: readonly R[],
    toWire: (row: R) => W | Promise<W>,
  ): Promise<(W & { username: string; email: string })[]> {
    const customers = await usersService.byIds(
      db,
      rows.map((r) => r.userId),
    );
    return Promise.all(
      rows.map(async (r) => ({
        ...(await toWire(r)),
        username: customers.get(r.userId)?.username ?? '',
        email: customers.get(r.userId)?.email ?? '',
      })),
    );
  },
  /** Wallet indexes (custodial address derivation) of several users at once. */
  async walletIndexes(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, walletIndex: users.walletIndex })
      .from(users)
      .where(inArray(users.id, [...userIds]));
    return new Map(rows.map((r) => [r.id, r.walletIndex]));
  },
  /** Every customer's wallet index (the chain reconciliation walks their addresses). */
  async customerWalletIndexes(db: Db): Promise<Map<string, number>> {
    const rows = await db
      .select({ id: users.id, walletIndex: users.walletIndex })
      .from(users)
      .where(eq(users.role, 'customer'));
    return new Map(rows.map((r) => [r.id, r.walletIndex]));
  },
  /**
   * At most `limit` customers with a wallet index above `afterWalletIndex`, in wallet-index
   * order: a page by key on the unique wallet-index index, for work that visits each customer
   * once and resumes where it stopped (the wallet's deposit-address backfill).
   */
  async customersByWalletIndex(
    db: Db,
    afterWalletIndex: number,
    limit: number,
  ): Promise<{ id: string; walletIndex: number; createdAt: Date }[]> {
    return db
      .select({ id: users.id, walletIndex: users.walletIndex, createdAt: users.createdAt })
      .from(users)
      .where(and(gt(users.walletIndex, afterWalletIndex), eq(users.role, 'customer')))
      .orderBy(asc(users.walletIndex))
      .limit(limit);
  },
  async hasUpline(db: Db, userId: string): Promise<boolean> {
    const user = await findUserById(db, userId);
    return Boolean(user?.uplineId);
  },
};

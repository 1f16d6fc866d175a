import type { User } from '@qmgt/contracts';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
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

export const usersService = {
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
  /**
   * A page of customers' wallet indexes after `afterId`, in id order (the reconciliation's full
   * sweep walks their addresses a page at a time, resumable from the last id).
   */
  async customerWalletIndexesPage(
    db: Db,
    afterId: string | null,
    limit: number,
  ): Promise<{ id: string; walletIndex: number }[]> {
    return db
      .select({ id: users.id, walletIndex: users.walletIndex })
      .from(users)
      .where(and(eq(users.role, 'customer'), afterId ? gt(users.id, afterId) : undefined))
      .orderBy(asc(users.id))
      .limit(limit);
  },
  async hasUpline(db: Db, userId: string): Promise<boolean> {
    const user = await findUserById(db, userId);
    return Boolean(user?.uplineId);
  },
};

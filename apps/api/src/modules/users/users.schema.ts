import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from '../../db/columns.js';

/* Accounts: who a user is, their role and identity-verification status. */

export const roleEnum = pgEnum('user_role', ['customer', 'operator']);
export const kycStatusEnum = pgEnum('kyc_status', ['Not Verified', 'Pending', 'Rejected', 'Verified']);
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    role: roleEnum('role').notNull().default('customer'),
    kycStatus: kycStatusEnum('kyc_status').notNull().default('Not Verified'),
    /** Opaque public id (128 random bits); never the primary key, so it can be shown and shared. */
    userHash: text('user_hash').notNull(),
    refCode: text('ref_code').notNull(),
    /** Set once at registration from ?ref=; the root of the three-level referral tree. */
    uplineId: uuid('upline_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    passwordChangedAt: timestamptz('password_changed_at'),
    confirmedAt: timestamptz('confirmed_at'),
    /** Derivation index of the user's custodial wallet (HD path .../0/walletIndex+1). */
    walletIndex: integer('wallet_index').generatedByDefaultAsIdentity(),
  },
  (t) => [
    // Uniqueness is case-insensitive: 'Alice' and 'alice' are one account name.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_user_hash_key').on(t.userHash),
    uniqueIndex('users_ref_code_key').on(t.refCode),
    index('users_upline_idx').on(t.uplineId),
    uniqueIndex('users_wallet_index_key').on(t.walletIndex),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_not_own_upline', sql`${t.uplineId} IS NULL OR ${t.uplineId} <> ${t.id}`),
  ],
);

/** A required reference to a user; `restrict` where the row is a record that must outlive the account. */
export const userRef = (name: string, onDelete: 'cascade' | 'restrict') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete });

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from '../../db/columns.js';
import { userRef, users } from '../users/users.schema.js';

/* Bank accounts (migration 0017_bank_accounts.sql). Account numbers are stored encrypted. */

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    bankName: text('bank_name').notNull(),
    holderName: text('holder_name').notNull(),
    /** AES-256-GCM (lib/field-cipher.ts): never stored or logged in the clear. */
    accountNumberEnc: text('account_number_enc').notNull(),
    last4: text('last4').notNull(),
    country: text('country').notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    externalId: text('external_id').notNull(),
    /** The sandbox's two deposits (cents), encrypted like the number. */
    depositsEnc: text('deposits_enc'),
    status: text('status', { enum: ['pending', 'verified', 'review', 'rejected', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nameMatches: boolean('name_matches').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
    verifiedAt: timestamptz('verified_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** When an operator decided its review (migration 0037). */
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    index('bank_accounts_user_idx').on(t.userId, t.createdAt),
    // The review queue's two views, paged by key (platform/review, migration 0037).
    index('bank_accounts_review_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'review'`),
    index('bank_accounts_decided_idx')
      .on(t.decidedAt, t.id)
      .where(sql`${t.decidedAt} IS NOT NULL`),
    check('bank_accounts_status', sql`${t.status} IN ('pending', 'verified', 'review', 'rejected', 'failed')`),
  ],
);

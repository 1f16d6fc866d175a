import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz, units } from '../../db/columns.js';
import { userRef } from '../users/users.schema.js';

/* Staking positions (migration 0011_staking.sql, with the operation types). The QMGT is the ledger's `locked` account. */

export const stakingPositions = pgTable(
  'staking_positions',
  {
    id: id(),
    code: text('code').notNull().unique(),
    userId: userRef('user_id', 'restrict'),
    amount: units('amount').notNull(),
    termDays: integer('term_days').notNull(),
    aprBps: integer('apr_bps').notNull(),
    /** At maturity. */
    interest: units('interest').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    maturesAt: timestamptz('matures_at').notNull(),
    status: text('status', { enum: ['active', 'matured', 'unstaked'] })
      .notNull()
      .default('active'),
    closedAt: timestamptz('closed_at'),
    closingTransactionId: uuid('closing_transaction_id'),
  },
  (t) => [
    index('staking_positions_user_idx').on(t.userId, t.startsAt),
    index('staking_positions_due_idx')
      .on(t.maturesAt)
      .where(sql`${t.status} = 'active'`),
  ],
);

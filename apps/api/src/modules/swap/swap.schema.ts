import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { units } from '../../db/columns.js';
import { assetEnum } from '../ledger/ledger.schema.js';
import { users } from '../users/users.schema.js';

/* Swap quotes. */

/** A price promise: valid 30 s, for its owner, executed at most once. */
export const swapQuotes = pgTable(
  'swap_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetIn: assetEnum('asset_in').notNull(),
    assetOut: assetEnum('asset_out').notNull(),
    amountIn: units('amount_in').notNull(),
    amountOut: units('amount_out').notNull(),
    fee: units('fee').notNull(),
    price: units('price').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('swap_quotes_user_idx').on(t.userId)],
);

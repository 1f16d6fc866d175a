import { index, pgTable } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, units } from '../../db/columns.js';
import { assetEnum } from '../ledger/ledger.schema.js';
import { userRef } from '../users/users.schema.js';

/* Swap quotes. */

/** A price promise: valid 30 s, for its owner, executed at most once. */
export const swapQuotes = pgTable(
  'swap_quotes',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    assetIn: assetEnum('asset_in').notNull(),
    assetOut: assetEnum('asset_out').notNull(),
    amountIn: units('amount_in').notNull(),
    amountOut: units('amount_out').notNull(),
    fee: units('fee').notNull(),
    price: units('price').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('swap_quotes_user_idx').on(t.userId)],
);

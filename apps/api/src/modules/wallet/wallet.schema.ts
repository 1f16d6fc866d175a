import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { units } from '../../db/columns.js';
import { transactions } from '../transactions/transactions.schema.js';
import { users } from '../users/users.schema.js';

/* Chain deposits credited and the deposit watcher cursor. */

/** USDT transfers credited to customers: one row per chain log, so each is credited once. */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: units('amount').notNull(),
    blockNumber: units('block_number').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.txHash, t.logIndex] })],
);

/** Named cursors of background scanners (the deposit watcher's last scanned block). */
export const scanCursors = pgTable('scan_cursors', {
  name: text('name').primaryKey(),
  position: units('position').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

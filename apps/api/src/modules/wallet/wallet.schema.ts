import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, units, updatedAt } from '../../db/columns.js';
import { transactions } from '../transactions/transactions.schema.js';
import { userRef, users } from '../users/users.schema.js';

/* Customers' deposit addresses, chain deposits credited and the deposit watcher cursor. */

/** USDT transfers credited to customers: one row per chain log, so each is credited once. */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    userId: userRef('user_id', 'restrict'),
    amount: units('amount').notNull(),
    blockNumber: units('block_number').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.txHash, t.logIndex] })],
);

/** Named cursors of background scanners (the deposit watcher's last scanned block). */
export const scanCursors = pgTable('scan_cursors', {
  name: text('name').primaryKey(),
  position: units('position').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Each customer's custodial deposit address, derived once from their wallet index (HD
 * derivation costs CPU) and kept here so the deposit watcher can match a block range's
 * recipients with one indexed lookup instead of deriving every customer's address per pass.
 * Lower-case hex: logs give checksummed addresses, and one spelling keeps the index exact.
 */
export const walletDepositAddresses = pgTable(
  'wallet_deposit_addresses',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_deposit_addresses_address_key').on(t.address),
    check('wallet_deposit_addresses_address_lowercase', sql`${t.address} ~ '^0x[0-9a-f]{40}$'`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, units } from '../../db/columns.js';
import { users } from '../users/users.schema.js';

/* The double-entry ledger. */

export const assetEnum = pgEnum('asset', ['USDT', 'QMGT', 'GOLD', 'USDAU', 'USD']);
/**
 * Customer purposes (owner set): available (for GOLD: the GSA), locked (staking, pending sells,
 * grams under a termination or USDAU request), rewards, gae_plan (grams in the GAE plan),
 * ges (grams in group savings holdings).
 * Platform purposes (no owner): treasury, fees, float, gold_vault, staking_pool, rewards_pool,
 * gift_escrow (grams gifted to an address not yet a verified customer, decision 021),
 * and external: the world outside the ledger, the contra side of deposits and withdrawals.
 */
export const accountPurposeEnum = pgEnum('account_purpose', [
  'available',
  'locked',
  'rewards',
  'treasury',
  'fees',
  'float',
  'gold_vault',
  'staking_pool',
  'rewards_pool',
  'external',
  'gae_plan',
  'ges',
  'gift_escrow',
]);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    asset: assetEnum('asset').notNull(),
    purpose: accountPurposeEnum('purpose').notNull(),
    /** Kept by a trigger from the postings; a customer's can never go below zero. */
    balance: units('balance').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_asset_purpose_key').on(t.ownerUserId, t.asset, t.purpose).nullsNotDistinct(),
    check('ledger_accounts_customer_not_negative', sql`${t.ownerUserId} IS NULL OR ${t.balance} >= 0`),
    check(
      'ledger_accounts_owner_matches_purpose',
      sql`(${t.ownerUserId} IS NULL) = (${t.purpose}::text NOT IN ('available', 'locked', 'rewards', 'gae_plan', 'ges'))`,
    ),
  ],
);

/** One movement of money: two or more postings that sum to zero per asset. Immutable. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: id(),
    type: text('type').notNull(),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [index('journal_entries_created_idx').on(t.createdAt)],
);

export const postings = pgTable(
  'postings',
  {
    id: id(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    /*
     * No foreign key: its check takes a share lock on the account row, and on the platform's
     * few accounts that made every operation queue behind every other (multixacts). The posting
     * trigger checks the account exists and holds this asset; accounts are never deleted.
     */
    accountId: uuid('account_id').notNull(),
    asset: assetEnum('asset').notNull(),
    /** Positive adds to the account's balance, negative takes from it. */
    amount: units('amount').notNull(),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId),
    check('postings_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Running totals of the postings per (asset, purpose), so that what the ledger has issued is
 * read from a few rows rather than summed over every posting (migration 0030, decision 013).
 * Kept by the postings trigger. Sharded: each writing transaction takes a shard of its own
 * (a transaction-scoped advisory lock, `ledger_total_shard()`), so no money operation waits on
 * another's total row; the figure is the sum over the shards.
 */
export const ledgerTotals = pgTable(
  'ledger_totals',
  {
    asset: assetEnum('asset').notNull(),
    purpose: accountPurposeEnum('purpose').notNull(),
    shard: smallint('shard').notNull(),
    total: units('total').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.asset, t.purpose, t.shard] })],
);

/**
 * How far the incremental ledger check has come: every entry up to (through_at, through_entry)
 * is checked (through_entry null: every entry created before through_at). `findings` are the
 * problems found so far (entry and account ids), checked again on every pass until they are gone.
 */
export const ledgerCheckMarks = pgTable('ledger_check_marks', {
  name: text('name').primaryKey(),
  throughAt: timestamptz('through_at').notNull(),
  throughEntry: uuid('through_entry'),
  /** Entries in the ledger up to the mark: the count at migration plus every entry checked since. */
  entries: bigint('entries', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  findings: jsonb('findings').notNull().default({}),
  checkedAt: timestamptz('checked_at').notNull().defaultNow(),
});

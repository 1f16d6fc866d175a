import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz, units, updatedAt } from '../../db/columns.js';
import { userRef, users } from '../users/users.schema.js';

/*
 * Referral rewards and payout requests (migration 0010_referral_rewards.sql, which also holds
 * the crediting inside money_book and the operation types). The QMGT itself is in the ledger:
 * customers' `rewards` accounts against the `rewards_pool`.
 */

export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: id(),
    beneficiaryId: userRef('beneficiary_id', 'restrict'),
    sourceUserId: userRef('source_user_id', 'restrict'),
    sourceTransactionId: uuid('source_transaction_id').notNull(),
    sourceType: text('source_type').notNull(),
    sourceCode: text('source_code').notNull(),
    level: integer('level').notNull(),
    purchaseUsdt: units('purchase_usdt').notNull(),
    amount: units('amount').notNull(),
    entryId: uuid('entry_id').notNull(),
    vestsAt: timestamptz('vests_at').notNull(),
    status: text('status', { enum: ['vesting', 'claimed', 'requested', 'paid', 'sold', 'reversed'] })
      .notNull()
      .default('vesting'),
    settledTransactionId: uuid('settled_transaction_id'),
    requestId: uuid('request_id'),
    splitFrom: uuid('split_from').references((): AnyPgColumn => referralRewards.id, { onDelete: 'restrict' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('referral_rewards_beneficiary_idx').on(t.beneficiaryId, t.vestsAt),
    index('referral_rewards_beneficiary_created_idx').on(t.beneficiaryId, t.createdAt, t.id),
    index('referral_rewards_source_idx').on(t.sourceTransactionId),
    uniqueIndex('referral_rewards_once')
      .on(t.sourceTransactionId, t.level)
      .where(sql`${t.splitFrom} IS NULL`),
  ],
);

export const rewardRequests = pgTable(
  'reward_requests',
  {
    id: id(),
    code: text('code').notNull().unique(),
    userId: userRef('user_id', 'restrict'),
    amount: units('amount').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    transactionId: uuid('transaction_id'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('reward_requests_queue_idx').on(t.status, t.createdAt),
    // The review queue's two views, paged by key (platform/review, migration 0037).
    index('reward_requests_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('reward_requests_decided_idx')
      .on(t.decidedAt, t.id)
      .where(sql`${t.decidedAt} IS NOT NULL`),
  ],
);

/*
 * Affiliates counters (migration 0034): a customer's downline three levels deep, one row per
 * member, and the members per level, written at the member's registration (trigger
 * users_affiliates_on_register); the purchase volume that rewarded the customer, per member and
 * per level, added by referral_rewards_credit in the purchase's own transaction. GET /affiliates reads these instead of walking and summing per call.
 */
export const affiliateMembers = pgTable(
  'affiliate_members',
  {
    uplineId: userRef('upline_id', 'restrict'),
    memberId: userRef('member_id', 'restrict'),
    level: integer('level').notNull(),
    joinedAt: timestamptz('joined_at').notNull(),
    volumeUsdt: units('volume_usdt').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.uplineId, t.memberId] }),
    index('affiliate_members_page_idx').on(t.uplineId, t.level, t.joinedAt, t.memberId),
  ],
);

/** Members per level, written at registrations only. */
export const affiliateLevels = pgTable(
  'affiliate_levels',
  {
    userId: userRef('user_id', 'restrict'),
    level: integer('level').notNull(),
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.level] })],
);

/**
 * Purchase volume per level, written by purchases only: apart from the members count, so a
 * registration and a purchase never wait on the same row.
 */
export const affiliateVolumes = pgTable(
  'affiliate_volumes',
  {
    userId: userRef('user_id', 'restrict'),
    level: integer('level').notNull(),
    volumeUsdt: units('volume_usdt').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.level] })],
);

/**
 * Each customer's rewards summed per stored status, kept by the reward rows' changes
 * (sql/referral_reward_totals.sql, migration 0042): GET /rewards reads them instead of summing
 * every reward.
 */
export const referralRewardTotals = pgTable(
  'referral_reward_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    amount: units('amount').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status] })],
);

import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, units, updatedAt } from '../../db/columns.js';
import { userRef, users } from '../users/users.schema.js';

/*
 * Group gold savings, GES (migration 0014_group_savings.sql, which also holds the operation
 * types ges_join and ges_instalment). Grams are not stored here: a member's group holding is
 * the ledger's GOLD `ges` balance; the passbook is `ges_instalments`.
 */

export const gesGroups = pgTable(
  'ges_groups',
  {
    id: id(),
    name: text('name').notNull(),
    instalmentUsdt: units('instalment_usdt').notNull(),
    termMonths: integer('term_months').notNull(),
    memberCap: integer('member_cap').notNull(),
    /** The first instalment's due day; the others fall on its day of the following months. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    bonusInstalments: integer('bonus_instalments').notNull(),
    /** Memberships of the group (never deleted), kept by the join under the group's lock. */
    memberCount: integer('member_count').notNull().default(0),
    /** draft: only the operator sees it; open: customers see and join it; closed: members only. */
    status: text('status', { enum: ['draft', 'open', 'closed'] })
      .notNull()
      .default('draft'),
    currentDocumentId: uuid('current_document_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ges_groups_status', sql`${t.status} IN ('draft', 'open', 'closed')`),
    // The operator's list pages by key, newest first (migration 0051).
    index('ges_groups_created_key_idx').on(t.createdAt, t.id),
  ],
);

/** A group's agreement, versioned: what a member accepted stays readable as accepted. */
export const gesDocuments = pgTable(
  'ges_documents',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => gesGroups.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ges_documents_version_key').on(t.groupId, t.version)],
);

/** The first instalment's 30-second price promise, executed at most once by joining. */
export const gesQuotes = pgTable('ges_quotes', {
  id: id(),
  userId: userRef('user_id', 'cascade'),
  groupId: uuid('group_id')
    .notNull()
    .references(() => gesGroups.id, { onDelete: 'cascade' }),
  amountUsdt: units('amount_usdt').notNull(),
  grams: units('grams').notNull(),
  fee: units('fee').notNull(),
  price: units('price').notNull(),
  spot: units('spot').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: createdAt(),
});

export const gesMemberships = pgTable(
  'ges_memberships',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => gesGroups.id, { onDelete: 'restrict' }),
    userId: userRef('user_id', 'restrict'),
    /** The acceptance: which agreement (version and hash), when, from where. */
    documentId: uuid('document_id')
      .notNull()
      .references(() => gesDocuments.id, { onDelete: 'restrict' }),
    documentVersion: integer('document_version').notNull(),
    documentSha256: text('document_sha256').notNull(),
    acceptedAt: timestamptz('accepted_at').notNull(),
    acceptedIp: text('accepted_ip'),
    status: text('status', { enum: ['active', 'lapsed', 'matured'] })
      .notNull()
      .default('active'),
    paidCount: integer('paid_count').notNull().default(0),
    missedCount: integer('missed_count').notNull().default(0),
    /** The next instalment's due day while active (the job's index). */
    nextDueOn: date('next_due_on', { mode: 'string' }),
    bonusGrams: units('bonus_grams'),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    uniqueIndex('ges_memberships_once').on(t.groupId, t.userId),
    index('ges_memberships_user_idx').on(t.userId),
    index('ges_memberships_due_idx')
      .on(t.nextDueOn)
      .where(sql`${t.status} = 'active'`),
    check('ges_memberships_status', sql`${t.status} IN ('active', 'lapsed', 'matured')`),
  ],
);

/** The passbook: one row per member and instalment, paid or missed; the job's exactly-once guard. */
export const gesInstalments = pgTable(
  'ges_instalments',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => gesMemberships.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['paid', 'missed'] }).notNull(),
    amountUsdt: units('amount_usdt'),
    price: units('price'),
    grams: units('grams'),
    transactionId: uuid('transaction_id'),
    paidAt: timestamptz('paid_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.seq] })],
);

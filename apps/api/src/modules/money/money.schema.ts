import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns.js';
import { userRef } from '../users/users.schema.js';

/* The money engine's Idempotency-Key answers. */

/** Idempotency-Key records of money-moving calls: the first answer, replayed for the same key and body. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef('user_id', 'cascade'),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * The registered operation types (the kernel's only knowledge of products). Each row is
 * written by its operation's SQL file, apps/api/sql/money_op_<kind>.sql, beside its function.
 */
export const moneyOperationTypes = pgTable('money_operation_types', {
  kind: text('kind').primaryKey(),
  handler: text('handler').notNull(),
  earnsReferral: boolean('earns_referral').notNull().default(false),
  compensation: text('compensation'),
});

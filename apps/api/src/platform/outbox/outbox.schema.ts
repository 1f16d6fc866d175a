import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from '../../db/columns.js';

/*
 * Every message owed (migration 0031_outbox.sql; `sql/outbox_owe.sql` is the one way SQL owes a
 * message). Only the sender reads or changes these columns; the rest of the code owes through
 * `owe` and handles through `handle`.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    /** One per message: owing a message twice (a retried request, a second pass) is a no-op. */
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /** Not sent before this: now when owed, later after a failure (backoff). */
    availableAt: timestamptz('available_at').notNull().defaultNow(),
    /** A sender's lease: no other sender takes the message before it ends. */
    claimedUntil: timestamptz('claimed_until'),
    /** Claims so far (a claim whose sender died counts too). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('outbox_messages_due_idx')
      .on(t.availableAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);

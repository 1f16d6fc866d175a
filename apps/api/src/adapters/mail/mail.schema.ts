import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/* The dev mailbox of the sandbox mail transport. */

/** The sandbox mail transport's store: what /api/dev/mailbox lists. Never written with SMTP on. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to, t.createdAt)],
);

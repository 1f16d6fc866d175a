import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';

/* The dev mailbox of the sandbox mail transport. */

/** The sandbox mail transport's store: what /api/dev/mailbox lists. Never written with SMTP on. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: id(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to, t.createdAt)],
);

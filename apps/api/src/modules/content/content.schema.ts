import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from '../../db/columns.js';
import { userRef, users } from '../users/users.schema.js';

/* Content and support (migration 0015_content_support.sql): announcements, terms, tickets. */

export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
    /** Withdrawn announcements stay for the record, hidden from everyone. */
    withdrawnAt: timestamptz('withdrawn_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('announcements_listed_idx')
      .on(t.pinned, t.publishedAt)
      .where(sql`${t.withdrawnAt} IS NULL`),
  ],
);

/** Terms and conditions, one row per published version; the highest is current. */
export const termsVersions = pgTable('terms_versions', {
  version: serial('version').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  publishedAt: timestamptz('published_at').notNull().defaultNow(),
  publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Which user accepted which version, when and from where (sign-up or the acceptance prompt). */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    userId: userRef('user_id', 'cascade'),
    version: integer('version')
      .notNull()
      .references(() => termsVersions.version, { onDelete: 'restrict' }),
    acceptedAt: timestamptz('accepted_at').notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    code: text('code').notNull().unique(),
    /** Set when the sender was signed in: the ticket appears in their Support Center. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('support_tickets_user_key_idx').on(t.userId, t.updatedAt, t.id),
    index('support_tickets_queue_key_idx').on(t.status, t.updatedAt, t.id),
    index('support_tickets_updated_idx').on(t.updatedAt, t.id),
    check('support_tickets_status', sql`${t.status} IN ('open', 'answered', 'closed')`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'support'] }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_ticket_idx').on(t.ticketId, t.createdAt),
    check('support_messages_author', sql`${t.author} IN ('customer', 'support')`),
  ],
);

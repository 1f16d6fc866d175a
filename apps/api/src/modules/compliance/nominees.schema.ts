import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from '../../db/columns.js';
import { userRef, users } from '../users/users.schema.js';

/* Nominees (migration 0016_nominees.sql): the saved set, and the draft the form autosaves. */

export const nominees = pgTable(
  'nominees',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    position: integer('position').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name').notNull(),
    lastName: text('last_name').notNull(),
    contact: text('contact').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    relationTestator: text('relation_testator').notNull(),
    idType: text('id_type').notNull(),
    /** Hundredths of a percent: a customer's nominees sum to 10,000. */
    shareBps: integer('share_bps').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('nominees_user_idx').on(t.userId, t.position),
    // The operator's list pages customers by their set's save time (migration 0045): a set is
    // saved in one statement, so its first nominee carries the set's time for the whole set.
    index('nominees_set_key_idx')
      .on(t.createdAt, t.userId)
      .where(sql`${t.position} = 0`),
    check('nominees_share_range', sql`${t.shareBps} BETWEEN 1 AND 10000`),
  ],
);

/** What the form holds while the customer types; one per customer, replaced on each save. */
export const nomineeDrafts = pgTable('nominee_drafts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  draft: jsonb('draft').notNull(),
  savedAt: timestamptz('saved_at').notNull().defaultNow(),
});

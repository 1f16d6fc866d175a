import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.js';
import { users } from '../users/users.schema.js';

/* Consultants (migration 0012): a user's public profile, marked by an operator. */
export const consultants = pgTable(
  'consultants',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    displayName: text('display_name').notNull(),
    bio: text('bio').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('consultants_slug_key').on(t.slug),
    // The operator's list pages by key, the latest changed first (migration 0052).
    index('consultants_updated_key_idx').on(t.updatedAt, t.userId),
  ],
);

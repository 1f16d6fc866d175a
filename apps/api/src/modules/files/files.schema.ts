import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/* Uploaded files. */

export const fileKindEnum = pgEnum('file_kind', ['profile_picture', 'identity_document', 'selfie']);

/** Every uploaded file: stored through the file-storage port under a server-generated key. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: fileKindEnum('kind').notNull(),
    /** Detected from the bytes, never taken from the upload's own claim. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Only profile pictures are public; identity documents never are. */
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_storage_key_key').on(t.storageKey), index('files_owner_idx').on(t.ownerUserId, t.kind)],
);

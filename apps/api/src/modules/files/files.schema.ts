import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { userRef } from '../users/users.schema.js';

/* Uploaded files. */

export const fileKindEnum = pgEnum('file_kind', ['profile_picture', 'identity_document', 'selfie']);

/** Every uploaded file: stored through the file-storage port under a server-generated key. */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerUserId: userRef('owner_user_id', 'cascade'),
    kind: fileKindEnum('kind').notNull(),
    /** Detected from the bytes, never taken from the upload's own claim. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Only profile pictures are public; identity documents never are. */
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_storage_key_key').on(t.storageKey), index('files_owner_idx').on(t.ownerUserId, t.kind)],
);

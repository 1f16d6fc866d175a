import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.js';
import { users } from '../modules/users/users.schema.js';

/* The audit trail every module writes through lib/audit.ts. */

/** Who did what and when, for account and back-office actions. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: uuid('subject_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: text('detail'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectId, t.createdAt)],
);

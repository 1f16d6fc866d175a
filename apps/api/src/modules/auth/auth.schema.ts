import { index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { userRef } from '../users/users.schema.js';

/* Sessions and e-mailed link tokens. */

export const linkTokenPurposeEnum = pgEnum('link_token_purpose', ['email_verification', 'password_reset']);
export const sessionEndReasonEnum = pgEnum('session_end_reason', ['logout', 'password_change', 'password_reset']);
/** Server-side sessions: the bearer token maps here by its SHA-256, so a leaked table leaks no token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: sessionEndReasonEnum('end_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Tokens carried in e-mailed links: stored hashed, single use, expiring. */
export const linkTokens = pgTable(
  'link_tokens',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    purpose: linkTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('link_tokens_token_hash_key').on(t.tokenHash),
    index('link_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

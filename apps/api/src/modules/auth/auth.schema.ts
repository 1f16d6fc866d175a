import { index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from '../../db/columns.js';
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
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
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
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('link_tokens_token_hash_key').on(t.tokenHash),
    index('link_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

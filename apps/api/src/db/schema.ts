import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The accounts part of the platform's schema. docs/architecture.md lays out the whole
 * database (KYC, ledger, gold products, staking, referrals); later issues add their tables
 * beside these through new migrations.
 */

export const roleEnum = pgEnum('user_role', ['customer', 'operator']);
export const kycStatusEnum = pgEnum('kyc_status', ['Not Verified', 'Pending', 'Rejected', 'Verified']);
export const linkTokenPurposeEnum = pgEnum('link_token_purpose', ['email_verification', 'password_reset']);
export const sessionEndReasonEnum = pgEnum('session_end_reason', ['logout', 'password_change', 'password_reset']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    role: roleEnum('role').notNull().default('customer'),
    kycStatus: kycStatusEnum('kyc_status').notNull().default('Not Verified'),
    /** Opaque public id (128 random bits); never the primary key, so it can be shown and shared. */
    userHash: text('user_hash').notNull(),
    refCode: text('ref_code').notNull(),
    /** Set once at registration from ?ref=; the root of the three-level referral tree. */
    uplineId: uuid('upline_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    // Uniqueness is case-insensitive: 'Alice' and 'alice' are one account name.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_user_hash_key').on(t.userHash),
    uniqueIndex('users_ref_code_key').on(t.refCode),
    index('users_upline_idx').on(t.uplineId),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_not_own_upline', sql`${t.uplineId} IS NULL OR ${t.uplineId} <> ${t.id}`),
  ],
);

/** Server-side sessions: the bearer token maps here by its SHA-256, so a leaked table leaks no token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: linkTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('link_tokens_token_hash_key').on(t.tokenHash), index('link_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

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

/** Who did what and when, for account and back-office actions. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: uuid('subject_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: text('detail'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

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
    /** Derivation index of the user's custodial wallet (HD path .../0/walletIndex+1). */
    walletIndex: integer('wallet_index').generatedByDefaultAsIdentity(),
  },
  (t) => [
    // Uniqueness is case-insensitive: 'Alice' and 'alice' are one account name.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_user_hash_key').on(t.userHash),
    uniqueIndex('users_ref_code_key').on(t.refCode),
    index('users_upline_idx').on(t.uplineId),
    uniqueIndex('users_wallet_index_key').on(t.walletIndex),
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
  (t) => [
    uniqueIndex('link_tokens_token_hash_key').on(t.tokenHash),
    index('link_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
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

/* ---- Identity verification (KYC) ---- */

export const kycProviderEnum = pgEnum('kyc_provider', ['sandbox', 'sumsub']);
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

/** Our record of a user's applicant at the identity provider, kept current by its webhooks. */
export const kycApplicants = pgTable(
  'kyc_applicants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: kycProviderEnum('provider').notNull(),
    providerApplicantId: text('provider_applicant_id').notNull(),
    levelName: text('level_name').notNull(),
    reviewStatus: text('review_status').notNull().default('init'),
    reviewAnswer: text('review_answer'),
    reviewRejectType: text('review_reject_type'),
    rejectLabels: jsonb('reject_labels').$type<string[]>().notNull().default([]),
    moderationComment: text('moderation_comment'),
    /** createdAtMs of the newest event applied: an older event arriving late changes nothing. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyc_applicants_user_key').on(t.userId),
    uniqueIndex('kyc_applicants_provider_id_key').on(t.provider, t.providerApplicantId),
  ],
);

/** Every webhook received, by the digest of its raw body: a replay is recognised and ignored. */
export const kycWebhookEvents = pgTable(
  'kyc_webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: kycProviderEnum('provider').notNull(),
    payloadDigest: text('payload_digest').notNull(),
    type: text('type').notNull(),
    providerApplicantId: text('provider_applicant_id'),
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_webhook_events_digest_key').on(t.provider, t.payloadDigest)],
);

/** The KYC form of SPEC.md section 3: the draft as the user types, and the submission. */
export const kycPersonalInfo = pgTable('kyc_personal_info', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  form: jsonb('form').$type<Record<string, string>>().notNull().default({}),
  currentStep: integer('current_step').notNull().default(0),
  profilePictureId: uuid('profile_picture_id').references(() => files.id, { onDelete: 'set null' }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/*
 * The sandbox identity provider's own records: what Sumsub keeps on its side. Our code
 * reaches them only through the provider port, as it would reach Sumsub's API.
 */
export const sandboxKycApplicants = pgTable(
  'sandbox_kyc_applicants',
  {
    id: text('id').primaryKey(),
    externalUserId: text('external_user_id').notNull(),
    levelName: text('level_name').notNull(),
    reviewStatus: text('review_status').notNull().default('init'),
    reviewAnswer: text('review_answer'),
    reviewRejectType: text('review_reject_type'),
    rejectLabels: jsonb('reject_labels').$type<string[]>().notNull().default([]),
    moderationComment: text('moderation_comment'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_kyc_applicants_external_key').on(t.externalUserId)],
);

export const sandboxKycDocuments = pgTable(
  'sandbox_kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => sandboxKycApplicants.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    kind: fileKindEnum('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_kyc_documents_applicant_idx').on(t.applicantId)],
);

/* ---- Double-entry ledger ---- */

export const assetEnum = pgEnum('asset', ['USDT', 'QMGT', 'GOLD', 'USDAU']);
/**
 * Customer purposes (owner set): available, locked (staking, pending sells), rewards.
 * Platform purposes (no owner): treasury, fees, float, gold_vault, staking_pool, rewards_pool,
 * and external: the world outside the ledger, the contra side of deposits and withdrawals.
 */
export const accountPurposeEnum = pgEnum('account_purpose', [
  'available',
  'locked',
  'rewards',
  'treasury',
  'fees',
  'float',
  'gold_vault',
  'staking_pool',
  'rewards_pool',
  'external',
]);

const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    asset: assetEnum('asset').notNull(),
    purpose: accountPurposeEnum('purpose').notNull(),
    /** Kept by a trigger from the postings; a customer's can never go below zero. */
    balance: units('balance').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_owner_asset_purpose_key').on(t.ownerUserId, t.asset, t.purpose).nullsNotDistinct(),
    check('ledger_accounts_customer_not_negative', sql`${t.ownerUserId} IS NULL OR ${t.balance} >= 0`),
    check(
      'ledger_accounts_owner_matches_purpose',
      sql`(${t.ownerUserId} IS NULL) = (${t.purpose} NOT IN ('available', 'locked', 'rewards'))`,
    ),
  ],
);

/** One movement of money: two or more postings that sum to zero per asset. Immutable. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journal_entries_created_idx').on(t.createdAt)],
);

export const postings = pgTable(
  'postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    asset: assetEnum('asset').notNull(),
    /** Positive adds to the account's balance, negative takes from it. */
    amount: units('amount').notNull(),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId),
    check('postings_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/** Idempotency-Key records of money-moving calls: the first answer, replayed for the same key and body. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/* ---- Market, swaps and the business transaction record ---- */

/** Gold spot in USD per gram, scaled by 1e18, one row per feed refresh; kept for charts. */
export const priceTicks = pgTable('price_ticks', {
  at: timestamp('at', { withTimezone: true }).primaryKey(),
  usdPerGram: units('usd_per_gram').notNull(),
  source: text('source').notNull(),
});

export const transactionStatusEnum = pgEnum('transaction_status', ['pending', 'completed', 'failed']);

/** What history screens read: one business event, pointing at its journal entry. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    status: transactionStatusEnum('status').notNull().default('pending'),
    assetIn: assetEnum('asset_in'),
    amountIn: units('amount_in'),
    assetOut: assetEnum('asset_out'),
    amountOut: units('amount_out'),
    /** USDT per unit of the other asset, scaled by 1e18. */
    price: units('price'),
    fee: units('fee'),
    feeAsset: assetEnum('fee_asset'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    txHash: text('tx_hash'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transactions_code_key').on(t.code),
    index('transactions_user_type_created_idx').on(t.userId, t.type, t.createdAt),
  ],
);

/** A price promise: valid 30 s, for its owner, executed at most once. */
export const swapQuotes = pgTable(
  'swap_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetIn: assetEnum('asset_in').notNull(),
    assetOut: assetEnum('asset_out').notNull(),
    amountIn: units('amount_in').notNull(),
    amountOut: units('amount_out').notNull(),
    fee: units('fee').notNull(),
    price: units('price').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('swap_quotes_user_idx').on(t.userId)],
);

/** USDT transfers credited to customers: one row per chain log, so each is credited once. */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: units('amount').notNull(),
    blockNumber: units('block_number').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.txHash, t.logIndex] })],
);

/** Named cursors of background scanners (the deposit watcher's last scanned block). */
export const scanCursors = pgTable('scan_cursors', {
  name: text('name').primaryKey(),
  position: units('position').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

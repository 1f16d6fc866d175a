import { integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from '../files/files.schema.js';
import { users } from '../users/users.schema.js';

/* Identity verification (KYC): applicants, webhooks, the personal-information form. */

export const kycProviderEnum = pgEnum('kyc_provider', ['sandbox', 'sumsub']);
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

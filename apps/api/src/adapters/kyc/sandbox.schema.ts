import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from '../../db/columns.js';
import { fileKindEnum, files } from '../../modules/files/files.schema.js';

/* The sandbox identity provider's own records. */

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
    submittedAt: timestamptz('submitted_at'),
    reviewedAt: timestamptz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_kyc_applicants_external_key').on(t.externalUserId)],
);

export const sandboxKycDocuments = pgTable(
  'sandbox_kyc_documents',
  {
    id: id(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => sandboxKycApplicants.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    kind: fileKindEnum('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_kyc_documents_applicant_idx').on(t.applicantId)],
);

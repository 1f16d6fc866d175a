import { z } from 'zod';
import { cursorSchema, pageInfoShape, pageSizeSchema } from './paging.js';
import { kycStatusSchema } from './users.js';
import { text } from './text.js';

/** Review outcome as the identity provider words it (Sumsub's vocabulary; the sandbox speaks it too). */
export const REVIEW_ANSWERS = ['GREEN', 'RED'] as const;
export const reviewAnswerSchema = z.enum(REVIEW_ANSWERS);
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

export const REVIEW_REJECT_TYPES = ['RETRY', 'FINAL'] as const;
export const reviewRejectTypeSchema = z.enum(REVIEW_REJECT_TYPES);
export type ReviewRejectType = z.infer<typeof reviewRejectTypeSchema>;

/** Provider review statuses we act on; others are kept as text. */
export const reviewStatusSchema = z.string().max(40);

export const reviewResultSchema = z.object({
  reviewAnswer: reviewAnswerSchema,
  reviewRejectType: reviewRejectTypeSchema.nullable(),
  rejectLabels: z.array(z.string()),
  moderationComment: z.string().nullable(),
});
export type ReviewResult = z.infer<typeof reviewResultSchema>;

/**
 * Who the applicant call is about. A signed-in caller may name only themself (`userId` is
 * optional and must equal their own id); a second device without a session passes the
 * short-lived `uid` hand-off token instead.
 */
export const applicantRequestSchema = z.object({
  userId: text(64).optional(),
  uid: text(2048).optional(),
});
export type ApplicantRequest = z.infer<typeof applicantRequestSchema>;

export const applicantDataRequestSchema = z.object({
  externalUserId: text(64).optional(),
  uid: text(2048).optional(),
});

export const KYC_PROVIDERS = ['sandbox', 'sumsub'] as const;
export const kycProviderSchema = z.enum(KYC_PROVIDERS);
export type KycProvider = z.infer<typeof kycProviderSchema>;

export const accessTokenResponseSchema = z.object({
  token: z.string(),
  userId: z.string(),
  provider: kycProviderSchema,
  levelName: z.string(),
});
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

/** get-status: the provider's review, or null when the provider could not be asked. */
export const applicantStatusSchema = z
  .object({
    reviewStatus: reviewStatusSchema,
    reviewResult: reviewResultSchema.nullable(),
    kycVerified: kycStatusSchema,
  })
  .nullable();
export type ApplicantStatus = z.infer<typeof applicantStatusSchema>;

export const applicantDataSchema = z
  .object({
    id: z.string(),
    externalUserId: z.string(),
    levelName: z.string(),
    createdAt: z.string(),
    reviewStatus: reviewStatusSchema,
    reviewResult: reviewResultSchema.nullable(),
    documents: z.array(
      z.object({ id: z.string(), kind: z.enum(['identity_document', 'selfie']), createdAt: z.string() }),
    ),
  })
  .nullable();
export type ApplicantData = z.infer<typeof applicantDataSchema>;

export const handoffResponseSchema = z.object({ uid: z.string(), expiresAt: z.string() });
export type HandoffResponse = z.infer<typeof handoffResponseSchema>;

/* ---- The KYC form (SPEC.md section 3): all text, default empty. ---- */

export const KYC_FORM_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'profile',
  'auth',
  'employeeName',
  'annualIncome',
  'dateOfBirth',
  'address',
  'city',
  'postalCode',
  'country',
  'citizenship',
  'currency',
  'idType',
  'motherMaidenName',
  'incomeTaxNo',
  'idNumber',
  'industry',
  'occupation',
  'sourceOfIncome',
  'mobilePhone',
  'altPhoneNumber',
  'faxNo',
  'maritalStatus',
  'gender',
] as const;
export type KycFormField = (typeof KYC_FORM_FIELDS)[number];
export type KycForm = Record<KycFormField, string>;

export const emptyKycForm = (): KycForm => Object.fromEntries(KYC_FORM_FIELDS.map((f) => [f, ''])) as KycForm;

export const ID_TYPES = ['Passport', 'National ID', 'Driving Licence'] as const;
export const GENDERS = ['Female', 'Male', 'Other'] as const;
export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed'] as const;

const required = (label: string, max = 100) => text(max).min(1, `${label} is required`);

/** Adults only: the platform holds savings and moves money. */
export const MIN_AGE_YEARS = 18;

export function isAdultOn(dateOfBirth: string, today: Date): boolean {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  if (!y || !m || !d) return false;
  const eighteenth = Date.UTC(y + MIN_AGE_YEARS, m - 1, d);
  return eighteenth <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

const isoDate = text(10, { maxMessage: 'Date of birth must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'Date of birth must be a real date',
  )
  .refine((v) => v >= '1900-01-01', 'Date of birth is too far in the past')
  .refine((v) => isAdultOn(v, new Date()), `You must be at least ${MIN_AGE_YEARS} years old`);

// Checked after trimming, so spaces may sit only inside: the OpenAPI document then says the same.
const phone = (label: string) =>
  text(32).regex(/^$|^\+?[0-9()-][0-9 ()-]{4,30}[0-9()-]$/, `${label} must be a phone number`);

/**
 * Annual income: an amount in the income currency (the form's `currency` beside it). SPEC.md
 * keeps every KYC field text, so it stays a string on the wire, but a number: whole or with
 * cents, no grouping, under a billion. The range lives in the pattern, not in a refinement, so
 * the OpenAPI document states the whole rule and the API refuses what the form refuses.
 */
export const ANNUAL_INCOME_MESSAGE = 'Annual income must be an amount under 1,000,000,000, e.g. 48000 or 48000.50';
export const annualIncomeSchema = text(12).regex(/^$|^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/, ANNUAL_INCOME_MESSAGE);

/** The steps of /Registration/{step}: each validates its own fields, the submit validates all. */
export const kycStepSchemas = {
  personal: z.object({
    firstName: required('First name'),
    middleName: text(100),
    lastName: required('Last name'),
    dateOfBirth: isoDate,
    gender: z.enum(GENDERS, { error: 'Choose a gender' }),
    maritalStatus: z.union([z.enum(MARITAL_STATUSES), z.literal('')]),
    motherMaidenName: text(100),
    citizenship: required('Citizenship', 60),
  }),
  contact: z.object({
    address: required('Address', 200),
    city: required('City', 100),
    postalCode: required('Postal code', 20),
    country: required('Country', 60),
    mobilePhone: phone('Mobile phone').min(1, 'Mobile phone is required'),
    altPhoneNumber: phone('Alternative phone'),
    faxNo: phone('Fax number'),
  }),
  identity: z.object({
    idType: z.enum(ID_TYPES, { error: 'Choose an ID type' }),
    idNumber: required('ID number', 40),
    incomeTaxNo: text(40),
  }),
  financial: z.object({
    occupation: required('Occupation'),
    industry: text(100),
    employeeName: text(100),
    annualIncome: annualIncomeSchema,
    sourceOfIncome: required('Source of income'),
    currency: text(10),
    profile: text(200),
    auth: text(200),
  }),
} as const;
export const KYC_STEPS = ['personal', 'contact', 'identity', 'financial'] as const;
export type KycStep = (typeof KYC_STEPS)[number];

export const kycFormSchema = kycStepSchemas.personal
  .extend(kycStepSchemas.contact.shape)
  .extend(kycStepSchemas.identity.shape)
  .extend(kycStepSchemas.financial.shape);
export type KycFormSubmission = z.infer<typeof kycFormSchema>;

/** A draft holds any subset of the fields, each at most its size; nothing is required yet. */
export const kycDraftSchema = z
  .object(
    Object.fromEntries(KYC_FORM_FIELDS.map((f) => [f, text(200).optional()])) as Record<
      KycFormField,
      z.ZodOptional<z.ZodString>
    >,
  )
  .extend({ currentStep: z.coerce.number().int().min(0).max(KYC_STEPS.length).optional() })
  .strict();
export type KycDraft = z.infer<typeof kycDraftSchema>;

export const personalInfoResponseSchema = z.object({
  form: z.record(z.string(), z.string()),
  currentStep: z.number().int(),
  submittedAt: z.string().nullable(),
  profileLink: z.string().nullable(),
  /** The fields the identity provider read from the document into the draft: the customer checks them. */
  fromDocument: z.array(z.enum(KYC_FORM_FIELDS)),
});
export type PersonalInfoResponse = z.infer<typeof personalInfoResponseSchema>;

export const isVerifyResponseSchema = z.object({
  kycVerified: kycStatusSchema,
  isVerified: z.boolean(),
  personalInfoSubmitted: z.boolean(),
  canResubmit: z.boolean(),
});
export type IsVerifyResponse = z.infer<typeof isVerifyResponseSchema>;

export const pictureResponseSchema = z.object({ profileLink: z.string() });

/* ---- Sandbox provider and back office ---- */

const redNeedsRejectType = {
  message: 'A RED review needs reviewRejectType RETRY or FINAL',
  path: ['reviewRejectType'],
  // Stated in JSON Schema just below, so breaking it does not match the document: a 400.
  params: { statedInDocument: true },
};
/** The same rule in JSON Schema, so the OpenAPI document states it rather than only the code. */
const redNeedsRejectTypeJsonSchema = {
  anyOf: [{ properties: { reviewAnswer: { enum: ['GREEN'] } } }, { required: ['reviewRejectType'] }],
};

export const devKycReviewRequestSchema = z
  .object({
    userId: z.uuid({ error: 'userId must be a user id (a UUID)' }),
    reviewAnswer: reviewAnswerSchema,
    reviewRejectType: reviewRejectTypeSchema.optional(),
    moderationComment: text(500, { multiline: true }).optional(),
  })
  .refine((v) => v.reviewAnswer === 'GREEN' || v.reviewRejectType, redNeedsRejectType)
  .meta(redNeedsRejectTypeJsonSchema);
export type DevKycReviewRequest = z.infer<typeof devKycReviewRequestSchema>;

/** The decision's fields; the client's form states the rejection rule in its own words. */
export const operatorReviewFieldsSchema = z.object({
  reviewAnswer: reviewAnswerSchema,
  reviewRejectType: reviewRejectTypeSchema.optional(),
  moderationComment: text(500, { multiline: true }).optional(),
});

export const operatorReviewRequestSchema = operatorReviewFieldsSchema
  .refine((v) => v.reviewAnswer === 'GREEN' || v.reviewRejectType, redNeedsRejectType)
  .meta(redNeedsRejectTypeJsonSchema);
export type OperatorReviewRequest = z.infer<typeof operatorReviewRequestSchema>;

export const adminApplicantSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  provider: kycProviderSchema,
  reviewStatus: reviewStatusSchema,
  reviewResult: reviewResultSchema.nullable(),
  kycVerified: kycStatusSchema,
  submittedAt: z.string().nullable(),
  /**
   * What the customer declared on the KYC form, for the reviewer to hold against the document
   * and selfie: null until the form is submitted (a draft is not a declaration).
   */
  declared: z
    .object({
      firstName: z.string(),
      middleName: z.string(),
      lastName: z.string(),
      dateOfBirth: z.string(),
      idType: z.string(),
      idNumber: z.string(),
    })
    .nullable(),
  documents: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  decisions: z.array(
    z.object({
      action: z.string(),
      detail: z.string().nullable(),
      actor: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  updatedAt: z.string(),
});
export type AdminApplicant = z.infer<typeof adminApplicantSchema>;
/**
 * The operator's review queues. An applicant's queue follows from its review alone (as the
 * customer's KYC status does): pending (under review, what needs action), rejected, verified,
 * not-submitted; `all` is every applicant.
 */
export const ADMIN_APPLICANT_QUEUES = ['pending', 'rejected', 'verified', 'not-submitted', 'all'] as const;
export type AdminApplicantQueue = (typeof ADMIN_APPLICANT_QUEUES)[number];
/** GET /admin/kyc/applicants: one queue (pending by default), latest change first, by key. */
export const adminApplicantsQuerySchema = z.strictObject({
  queue: z
    .enum(ADMIN_APPLICANT_QUEUES, { error: `queue is one of ${ADMIN_APPLICANT_QUEUES.join(', ')}` })
    .default('pending'),
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(20),
});
export type AdminApplicantsQuery = z.infer<typeof adminApplicantsQuerySchema>;
export const adminApplicantListSchema = z.object({ data: z.array(adminApplicantSchema), ...pageInfoShape });

/** POST /sandbox-kyc/documents: the multipart form's text field beside its `file`. */
export const SANDBOX_DOCUMENT_KINDS = ['identity_document', 'selfie'] as const;
export const sandboxDocumentFormSchema = z.object({
  kind: z.enum(SANDBOX_DOCUMENT_KINDS, {
    error: 'Say which file this is: kind must be identity_document or selfie.',
  }),
});

export const sandboxSubmitResponseSchema = z.object({ reviewStatus: reviewStatusSchema });

/** GET /sandbox-kyc/applicant (X-Access-Token): the sandbox provider's view, for its own screen. */
export const sandboxApplicantSchema = z.object({
  reviewStatus: z.string(),
  reviewAnswer: z.string().nullable(),
  reviewRejectType: z.string().nullable(),
  moderationComment: z.string().nullable(),
  /** Documents uploaded since the last review. */
  documents: z.array(z.object({ id: z.string(), kind: z.string(), createdAt: z.string() })),
});
export type SandboxApplicant = z.infer<typeof sandboxApplicantSchema>;

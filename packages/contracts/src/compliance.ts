import { z } from 'zod';
import { ID_TYPES } from './kyc.js';
import { cursorSchema, pageInfoShape, pageSizeSchema } from './paging.js';
import { reviewQueueSchema } from './review.js';
import { text } from './text.js';

/*
 * Compliance (DESIGN.md section 8): nominees, who receive a customer's holdings in the shares
 * the customer sets. The form is multi-step with a draft saved as the customer types.
 */

export const NOMINEE_MAX = 5;
export const NOMINEE_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'contact',
  'dateOfBirth',
  'address',
  'city',
  'postalCode',
  'relationTestator',
  'idType',
] as const;

const filled = (label: string, max = 100) =>
  text(max, { required: `${label} is required` }).min(1, `${label} is required`);
const day = text(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'Date of birth must be a real date',
  )
  .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), 'Date of birth must be in the past');

/** One nominee as saved: every field of SPEC.md's nominee form, and a share of 0.01-100%. */
export const nomineeSchema = z.object({
  firstName: filled('First name'),
  middleName: text(100),
  lastName: filled('Last name'),
  contact: filled('Contact', 120),
  dateOfBirth: day,
  address: filled('Address', 200),
  city: filled('City'),
  postalCode: filled('Postal code', 20),
  relationTestator: filled('Relation to you', 60),
  idType: z.enum(ID_TYPES, { error: 'Choose an ID type' }),
  sharePercent: z
    .number({ error: 'Share must be a number' })
    .min(0.01, 'A share is at least 0.01%')
    .max(100, 'A share is at most 100%')
    .multipleOf(0.01, 'A share has at most 2 decimals'),
});
export type Nominee = z.infer<typeof nomineeSchema>;

/** Shares in hundredths of a percent, summed in integers. */
export const sharesTotalBps = (nominees: readonly { sharePercent: number }[]) =>
  nominees.reduce((sum, n) => sum + Math.round(n.sharePercent * 100), 0);

export const nomineesRequestSchema = z.object({
  nominees: z
    .array(nomineeSchema)
    .min(1, 'Add at least one nominee')
    .max(NOMINEE_MAX, `At most ${NOMINEE_MAX} nominees`)
    .refine((list) => sharesTotalBps(list) === 10_000, 'The shares must add up to 100%'),
});
export type NomineesRequest = z.infer<typeof nomineesRequestSchema>;

/** A draft: any subset of each nominee's fields, as typed (the share as text). */
export const nomineeDraftSchema = z.object({
  nominees: z
    .array(
      z
        .object(
          Object.fromEntries([...NOMINEE_FIELDS, 'sharePercent'].map((f) => [f, text(200).optional()])) as Record<
            (typeof NOMINEE_FIELDS)[number] | 'sharePercent',
            z.ZodOptional<z.ZodString>
          >,
        )
        .strict(),
    )
    .max(NOMINEE_MAX, `At most ${NOMINEE_MAX} nominees`),
  step: z.number().int().min(0).max(10).optional(),
});
export type NomineeDraft = z.infer<typeof nomineeDraftSchema>;

export const nomineesResponseSchema = z.object({
  nominees: z.array(nomineeSchema.extend({ id: z.string() })),
  draft: nomineeDraftSchema.extend({ savedAt: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
});
export type NomineesResponse = z.infer<typeof nomineesResponseSchema>;

/** The operator's list: customers with nominees, the latest saved set first, paged by key (decision 017). */
export const adminNomineesQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(20),
});
export type AdminNomineesQuery = z.infer<typeof adminNomineesQuerySchema>;
export const adminNomineesResponseSchema = z.object({
  data: z.array(
    z.object({
      userId: z.string(),
      username: z.string(),
      email: z.string(),
      updatedAt: z.string(),
      nominees: z.array(nomineeSchema.extend({ id: z.string() })),
    }),
  ),
  ...pageInfoShape,
});
export type AdminNomineesResponse = z.infer<typeof adminNomineesResponseSchema>;

/* Bank verification: a bank account proven by two micro-deposits, the holder checked against KYC. */

export const BANK_VERIFY_TRIES = 3;
export const BANK_ACCOUNT_STATUSES = ['pending', 'verified', 'review', 'rejected', 'failed'] as const;
export const bankAccountRequestSchema = z.object({
  bankName: filled('Bank name', 100),
  accountHolder: filled('Account holder', 120),
  /** IBAN or account number (for a US account, routing/account): letters, digits, spaces, / and -. */
  accountNumber: text(40, { required: 'Account number is required' })
    .min(1, 'Account number is required')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]{3,38}[A-Za-z0-9]$/, 'Enter the account number or IBAN (letters and digits)'),
  country: filled('Country', 60),
});
export type BankAccountRequest = z.infer<typeof bankAccountRequestSchema>;
export const bankAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountHolder: z.string(),
  /** Only the last four characters are ever shown. */
  accountNumberMasked: z.string(),
  country: z.string(),
  /** pending: waiting for the deposits' amounts; review: the holder's name differs from the KYC name. */
  status: z.enum(BANK_ACCOUNT_STATUSES),
  attemptsLeft: z.number().int(),
  nameMatches: z.boolean(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountResponseSchema = z.object({ bankAccount: bankAccountSchema });
export const bankAccountsResponseSchema = z.object({ data: z.array(bankAccountSchema) });
const cents = z
  .string({ error: 'Enter both amounts' })
  .trim()
  .regex(/^0?\.\d{2}$/, 'Enter each amount as 0.xx');
export const bankVerifyRequestSchema = z.object({ amounts: z.tuple([cents, cents], { error: 'Enter both amounts' }) });
export const adminBankAccountSchema = bankAccountSchema.extend({
  username: z.string(),
  email: z.string(),
  kycName: z.string(),
});
export const adminBankAccountsResponseSchema = reviewQueueSchema(adminBankAccountSchema);
export const adminBankAccountResponseSchema = z.object({ bankAccount: adminBankAccountSchema });
export const devBankDepositsSchema = z.object({ id: z.string(), deposits: z.array(z.string()) });

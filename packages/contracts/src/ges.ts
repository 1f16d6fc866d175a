import { z } from 'zod';
import { decimalStringSchema } from './money.js';
import { cursorSchema, pageInfoShape, pageSizeSchema } from './paging.js';
import { text } from './text.js';
import { transactionSchema } from './wallet.js';

/*
 * Group gold savings, GES (shown as GDS; DESIGN.md section 8 "Group savings"): an operator
 * publishes a group with a monthly instalment, a term, a member cap, a start date and an
 * agreement; a customer joins by accepting the agreement and paying the first instalment; a
 * job takes each following instalment on its due day and buys grams into the member's group
 * holding (the passbook). Grams are GOLD (6 decimals), instalments USDT.
 */

/** Instalments are due on the start date's day of month, so days 1-28 only (every month has them). */
export const GES_MAX_DUE_DAY = 28;
/** Missed instalments that lapse a membership: its grams go to the GSA, without the bonus. */
export const GES_MISSES_TO_LAPSE = 3;
/**
 * The earliest start date a group may have on `today` (YYYY-MM-DD, UTC): today while its day is
 * 1-28, otherwise the 1st of next month (the 29th-31st are not in every month).
 */
export function earliestGesStartDate(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  if (day <= GES_MAX_DUE_DAY) return today;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}
export const GES_TERM_MONTHS = { min: 2, max: 60 } as const;
export const GES_MEMBER_CAP = { min: 1, max: 10_000 } as const;
/** Extra instalments' worth of grams paid at maturity to a member who kept up. */
export const GES_BONUS_INSTALMENTS = { min: 0, max: 3 } as const;

/**
 * draft: being prepared, seen by operators only; open: listed to customers, who may join until
 * the start date; closed: no new members, members' instalments go on.
 */
export const GES_GROUP_STATUSES = ['draft', 'open', 'closed'] as const;
export const GES_MEMBERSHIP_STATUSES = ['active', 'lapsed', 'matured'] as const;

export const gesGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  instalmentUsdt: z.string(),
  termMonths: z.number().int(),
  memberCap: z.number().int(),
  membersCount: z.number().int(),
  seatsLeft: z.number().int(),
  /** The first instalment's due day (YYYY-MM-DD); the others follow monthly on its day. */
  startDate: z.string(),
  /** The last instalment's due day: maturity. */
  maturityDate: z.string(),
  /** Bonus at maturity, in instalments' worth of grams (the member's average grams per instalment paid). */
  bonusInstalments: z.number().int(),
  status: z.enum(GES_GROUP_STATUSES),
  /** Whether a customer can join now: open, seats left, not started. */
  joinable: z.boolean(),
  documentId: z.string(),
  documentVersion: z.number().int(),
  /** The caller's membership status, if any. */
  membership: z.enum(GES_MEMBERSHIP_STATUSES).nullable(),
});
export type GesGroup = z.infer<typeof gesGroupSchema>;
export const gesGroupsResponseSchema = z.object({ data: z.array(gesGroupSchema) });

export const gesDocumentSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  version: z.number().int(),
  title: z.string(),
  text: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  /** Whether it is the group's current agreement (the only one a customer can accept). */
  current: z.boolean(),
});
export type GesDocument = z.infer<typeof gesDocumentSchema>;

export const GES_INSTALMENT_STATUSES = ['paid', 'missed'] as const;
export const gesPassbookLineSchema = z.object({
  seq: z.number().int(),
  dueOn: z.string(),
  status: z.enum(GES_INSTALMENT_STATUSES),
  paidAt: z.string().nullable(),
  amountUsdt: z.string().nullable(),
  /** USDT per gram paid (spot x 1.03). */
  price: z.string().nullable(),
  grams: z.string().nullable(),
  runningGrams: z.string(),
  transactionCode: z.string().nullable(),
});
export type GesPassbookLine = z.infer<typeof gesPassbookLineSchema>;

export const gesMembershipSchema = z.object({
  id: z.string(),
  status: z.enum(GES_MEMBERSHIP_STATUSES),
  joinedAt: z.string(),
  documentVersion: z.number().int(),
  documentSha256: z.string(),
  /** Grams in the group holding now (0 once moved to the GSA at maturity or lapse). */
  grams: z.string(),
  paidCount: z.number().int(),
  missedCount: z.number().int(),
  /** The next instalment, while the membership runs. */
  nextDue: z.object({ seq: z.number().int(), dueOn: z.string(), amountUsdt: z.string() }).nullable(),
  /** Grams at maturity if every remaining instalment is paid at today's price, plus the bonus. */
  projectedGrams: z.string(),
  bonusGrams: z.string().nullable(),
  closedAt: z.string().nullable(),
  passbook: z.array(gesPassbookLineSchema),
});
export type GesMembership = z.infer<typeof gesMembershipSchema>;
export const gesGroupDetailSchema = z.object({ group: gesGroupSchema, membership: gesMembershipSchema.nullable() });
export type GesGroupDetail = z.infer<typeof gesGroupDetailSchema>;

/** The first instalment's quote: what joining buys, shown before the customer accepts. */
export const gesQuoteSchema = z.object({
  quoteId: z.string(),
  amountUsdt: z.string(),
  grams: z.string(),
  price: z.string(),
  spot: z.string(),
  fee: z.string(),
  expiresAt: z.string(),
});
export type GesQuote = z.infer<typeof gesQuoteSchema>;
export const gesJoinRequestSchema = z.object({
  documentId: z.uuid({ error: 'Agreement not found' }),
  accept: z.literal(true, { error: 'Accept the agreement to join' }),
  quoteId: z.uuid({ error: 'Unknown quote' }),
});
export type GesJoinRequest = z.infer<typeof gesJoinRequestSchema>;
export const gesJoinResponseSchema = z.object({ membership: gesMembershipSchema, transaction: transactionSchema });

const agreementSchema = z.object({
  title: text(160, { required: 'Agreement title is required' }).min(1, 'Agreement title is required'),
  text: text(50_000, { multiline: true, required: 'Agreement text is required' }).min(1, 'Agreement text is required'),
});
/** An agreement uploaded as a file: UTF-8 text or Markdown, at most this many bytes. */
export const GES_AGREEMENT_FILE_MAX_BYTES = 200_000;
export const GES_AGREEMENT_FILE_TYPES = ['text/markdown', 'text/plain'] as const;
/** The text fields beside the uploaded agreement file (`file`). */
export const gesAgreementFileFieldsSchema = z.object({ title: agreementSchema.shape.title });
export const gesGroupInputSchema = z.object({
  name: text(80, { required: 'Name is required' }).min(1, 'Name is required'),
  instalmentUsdt: decimalStringSchema,
  // Each bound says its range: a schema-wide `error` alone would also answer "must be a number" to 1 or 2.5.
  termMonths: z
    .number({ error: 'termMonths must be a number' })
    .int('The term is a whole number of months')
    .min(GES_TERM_MONTHS.min, `The term is ${GES_TERM_MONTHS.min} to ${GES_TERM_MONTHS.max} months`)
    .max(GES_TERM_MONTHS.max, `The term is ${GES_TERM_MONTHS.min} to ${GES_TERM_MONTHS.max} months`),
  memberCap: z
    .number({ error: 'memberCap must be a number' })
    .int('The member cap is a whole number')
    .min(GES_MEMBER_CAP.min, `The member cap is ${GES_MEMBER_CAP.min} to ${GES_MEMBER_CAP.max.toLocaleString('en')}`)
    .max(GES_MEMBER_CAP.max, `The member cap is ${GES_MEMBER_CAP.min} to ${GES_MEMBER_CAP.max.toLocaleString('en')}`),
  /** YYYY-MM-DD, a day 1-28, today or later. */
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'startDate is a day, YYYY-MM-DD'),
  bonusInstalments: z
    .number({ error: 'bonusInstalments must be a number' })
    .int('The bonus is a whole number of instalments')
    .min(
      GES_BONUS_INSTALMENTS.min,
      `The bonus is ${GES_BONUS_INSTALMENTS.min} to ${GES_BONUS_INSTALMENTS.max} instalments`,
    )
    .max(
      GES_BONUS_INSTALMENTS.max,
      `The bonus is ${GES_BONUS_INSTALMENTS.min} to ${GES_BONUS_INSTALMENTS.max} instalments`,
    )
    .default(1),
  /** Optional: a draft may get its agreement later (pasted or uploaded); it opens only with one. */
  agreement: agreementSchema.optional(),
});
export type GesGroupInput = z.infer<typeof gesGroupInputSchema>;
/** The terms an operator may change before anyone joins: every field of creation but the agreement (versioned on its own). */
export const GES_GROUP_TERMS = [
  'name',
  'instalmentUsdt',
  'termMonths',
  'memberCap',
  'startDate',
  'bonusInstalments',
] as const;
export type GesGroupTerm = (typeof GES_GROUP_TERMS)[number];
/**
 * PATCH /admin/ges/groups/{id}: any of the terms, each with creation's own rule (a partial of
 * the creation schema, so the two cannot drift apart). The bonus loses its default here: zod
 * keeps a default inside `.partial()`, which would set an untouched bonus back to 1 on every edit.
 * A body that names no term changes nothing and is refused (the server then answers 422).
 */
export const gesGroupEditSchema = gesGroupInputSchema
  .omit({ agreement: true })
  .partial()
  .extend({ bonusInstalments: gesGroupInputSchema.shape.bonusInstalments.unwrap().optional() })
  .refine((edit) => GES_GROUP_TERMS.some((term) => edit[term] !== undefined), {
    message: `Change at least one term: ${GES_GROUP_TERMS.join(', ')}.`,
  });
export type GesGroupEdit = z.infer<typeof gesGroupEditSchema>;
/** The refusal of an edit to a group customers may already count on. */
export const GES_TERMS_FROZEN = 'This group has members or has started: its terms can no longer change.';
/**
 * Why a group's terms can no longer change, or null while they can (`today` YYYY-MM-DD, UTC). A
 * member joined on the terms they saw, so a group with members is frozen whatever its status;
 * a draft is the operator's alone (even past its start date: an edit is how to move it); an
 * open group stays editable until its start date, the day instalment 1 falls due; a closed
 * group never changes again, as its agreement does not. The server decides under the group's
 * lock; the back office asks the same question to offer its Edit action.
 */
export function gesTermsFrozenReason(
  group: { status: (typeof GES_GROUP_STATUSES)[number]; startDate: string; membersCount: number },
  today: string,
): string | null {
  if (group.status === 'closed') return 'This group is closed: its terms can no longer change.';
  if (group.membersCount > 0) return GES_TERMS_FROZEN;
  if (group.status === 'open' && today >= group.startDate) return GES_TERMS_FROZEN;
  return null;
}
export const gesAgreementInputSchema = agreementSchema;
export const adminGesGroupSchema = gesGroupSchema.omit({ membership: true, joinable: true }).extend({
  /** Null while a draft has no agreement yet. */
  documentId: z.string().nullable(),
  documentVersion: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AdminGesGroup = z.infer<typeof adminGesGroupSchema>;
/** GET /admin/ges/groups: every group, newest first, paged by key (decision 017). */
export const adminGesGroupsQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(20),
});
export type AdminGesGroupsQuery = z.infer<typeof adminGesGroupsQuerySchema>;
export const adminGesGroupsResponseSchema = z.object({ data: z.array(adminGesGroupSchema), ...pageInfoShape });
export const adminGesGroupResponseSchema = z.object({ group: adminGesGroupSchema });

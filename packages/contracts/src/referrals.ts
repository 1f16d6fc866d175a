import { z } from 'zod';
import { decimalStringSchema } from './money.js';
import { reviewQueueSchema } from './review.js';
import { text } from './text.js';
import { emailSchema } from './auth.js';
import { cursorSchema, legacyPageSchema, pageInfoShape, pageSizeSchema } from './paging.js';

/*
 * Referrals and rewards (DESIGN.md section 8): the downline three levels deep, QMGT rewards
 * of 5% / 2% / 1% of every downline purchase, vesting 30 days, then claimed, sold or paid out
 * on an operator's approval. Amounts are decimal strings.
 */

export const REFERRAL_LEVELS = [1, 2, 3] as const;
/** Basis points of a purchase per level. */
export const REFERRAL_RATES_BPS = { 1: 500, 2: 200, 3: 100 } as const;
export const REWARD_VESTING_DAYS = 30;

export const REWARD_STATUSES = ['vesting', 'claimable', 'claimed', 'requested', 'paid', 'sold', 'reversed'] as const;
export const rewardStatusSchema = z.enum(REWARD_STATUSES);
export type RewardStatus = z.infer<typeof rewardStatusSchema>;

export const rewardSchema = z.object({
  id: z.string(),
  /** The purchase that earned it: its type and code, and who made it. */
  source: z.object({ type: z.string(), code: z.string(), username: z.string() }),
  level: z.number().int(),
  purchaseUsdt: z.string(),
  amountQmgt: z.string(),
  vestsAt: z.string(),
  status: rewardStatusSchema,
  createdAt: z.string(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardTotalsSchema = z.object({
  vesting: z.string(),
  claimable: z.string(),
  requested: z.string(),
  claimed: z.string(),
  paid: z.string(),
  sold: z.string(),
});
/** GET /rewards: newest first, by key (`cursor` from the previous page's nextCursor). */
export const rewardsQuerySchema = z.strictObject({ cursor: cursorSchema.optional(), pageSize: pageSizeSchema(50) });
export type RewardsQuery = z.infer<typeof rewardsQuerySchema>;
/** One page of rewards; `totals` are over every reward of the customer, not the page. */
export const rewardsResponseSchema = z.object({
  rewards: z.array(rewardSchema),
  totals: rewardTotalsSchema,
  ...pageInfoShape,
});
export type RewardsResponse = z.infer<typeof rewardsResponseSchema>;

export const claimTokenRequestSchema = z.object({ rewardid: z.uuid({ error: 'Unknown reward' }) });
export const tokenRewardRequestSchema = z.object({ amount: decimalStringSchema });
/** POST /sell-token-only-vesting: vested rewards sold at the sell price, at least `minAmountOut` USDT. */
export const sellVestingRequestSchema = z.object({ amount: decimalStringSchema, minAmountOut: decimalStringSchema });

export const REWARD_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const rewardRequestSchema = z.object({
  id: z.string(),
  code: z.string(),
  amountQmgt: z.string(),
  status: z.enum(REWARD_REQUEST_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RewardRequest = z.infer<typeof rewardRequestSchema>;
export const rewardRequestResponseSchema = z.object({ request: rewardRequestSchema });
export const rewardRequestsResponseSchema = z.object({ data: z.array(rewardRequestSchema) });
export const adminRewardRequestSchema = rewardRequestSchema.extend({ username: z.string(), email: z.string() });
export const adminRewardRequestsResponseSchema = reviewQueueSchema(adminRewardRequestSchema);

// Members by level, then newest first, by key; `page` still answers for old links.
export const affiliatesQuerySchema = z.strictObject({
  level: z.coerce.number({ error: 'level is 1, 2 or 3' }).int().min(1).max(3).optional(),
  search: text(64).optional(),
  cursor: cursorSchema.optional(),
  page: legacyPageSchema,
  pageSize: pageSizeSchema(20),
});
export type AffiliatesQuery = z.infer<typeof affiliatesQuerySchema>;
export const affiliatesResponseSchema = z.object({
  members: z.array(
    z.object({
      username: z.string(),
      level: z.number().int(),
      joinedAt: z.string(),
      kycVerified: z.string(),
      /** Purchases of this member that rewarded the caller. */
      volumeUsdt: z.string(),
    }),
  ),
  levels: z.array(z.object({ level: z.number().int(), count: z.number().int(), volumeUsdt: z.string() })),
  /**
   * Members of the chosen level (or all levels), from the counters; null with a search, whose
   * matches are not counted (the screen follows nextCursor instead). A search walks at most 500
   * members a level per call: its page may hold fewer matches than asked, with a nextCursor
   * that goes on from where the walk stopped.
   */
  total: z.number().int().nullable(),
  ...pageInfoShape,
});
export type AffiliatesResponse = z.infer<typeof affiliatesResponseSchema>;

/** A consultant's public page (GET /consultants/{name}). */
export const consultantSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  bio: z.string(),
  pictureUrl: z.string().nullable(),
  refCode: z.string(),
});
export type Consultant = z.infer<typeof consultantSchema>;
export const consultantInputSchema = z.object({
  email: emailSchema,
  displayName: text(80, { required: 'Display name is required' }).min(1, 'Display name is required'),
  bio: text(2000, { multiline: true }),
});
export type ConsultantInput = z.infer<typeof consultantInputSchema>;
export const adminConsultantSchema = consultantSchema.extend({ email: z.string(), active: z.boolean() });
/** GET /admin/consultants: the latest changed first, paged by key (decision 017). */
export const adminConsultantsQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(20),
});
export type AdminConsultantsQuery = z.infer<typeof adminConsultantsQuerySchema>;
export const adminConsultantsResponseSchema = z.object({ data: z.array(adminConsultantSchema), ...pageInfoShape });
/** The name in /Consultant/{name}: lower-case letters, digits and dashes. */
export function consultantSlug(displayName: string): string {
  return displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

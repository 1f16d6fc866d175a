import { z } from 'zod';
import { decimalStringSchema } from './money.js';

/* Staking QMGT+ (DESIGN.md sections 2 and 8): only customers with an upline. */

export const STAKING_TERMS = [
  { termDays: 90, aprBps: 400 },
  { termDays: 180, aprBps: 600 },
  { termDays: 365, aprBps: 800 },
] as const;
export const STAKING_TERM_DAYS = [90, 180, 365] as const;

export const stakingTermsResponseSchema = z.object({
  terms: z.array(z.object({ termDays: z.number().int(), aprBps: z.number().int() })),
});
export const stakeRequestSchema = z.object({
  amount: decimalStringSchema,
  termDays: z.union([z.literal(90), z.literal(180), z.literal(365)], { error: 'Choose a term of 90, 180 or 365 days' }),
});
export type StakeRequest = z.infer<typeof stakeRequestSchema>;

export const STAKING_STATUSES = ['active', 'matured', 'unstaked'] as const;
export const stakingPositionSchema = z.object({
  id: z.string(),
  code: z.string(),
  amount: z.string(),
  termDays: z.number().int(),
  aprBps: z.number().int(),
  /** Interest at maturity. */
  interest: z.string(),
  /** Interest earned so far (paid only at maturity; an early unstake forfeits it). */
  accrued: z.string(),
  startsAt: z.string(),
  maturesAt: z.string(),
  status: z.enum(STAKING_STATUSES),
  closedAt: z.string().nullable(),
});
export type StakingPosition = z.infer<typeof stakingPositionSchema>;
export const stakingPositionsResponseSchema = z.object({ positions: z.array(stakingPositionSchema) });
export const stakingPositionResponseSchema = z.object({ position: stakingPositionSchema });
/** POST /staking/preview: what a stake would earn, before confirming. */
export const stakingPreviewSchema = z.object({
  amount: z.string(),
  termDays: z.number().int(),
  aprBps: z.number().int(),
  interest: z.string(),
  maturesAt: z.string(),
});
export type StakingPreview = z.infer<typeof stakingPreviewSchema>;

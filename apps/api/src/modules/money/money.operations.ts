import { z } from 'zod';
import { deliveryAddressSchema } from '@qmgt/contracts';

/*
 * Every money operation as `money_execute` reads it: one zod schema per registered kind
 * (apps/api/sql/money_op_<kind>.sql), its field names those the SQL reads from `p_op`. The
 * union types every call into the engine; the engine parses each operation against its kind
 * before it goes to the database, so a field a caller forgot or misspelt fails in TypeScript
 * at compile time and in tests at run time, not as a NULL deep in PL/pgSQL.
 */

/** An amount in an asset's smallest units, as text (the SQL casts it to numeric). */
const units = z.string().regex(/^\d+$/, 'integer units as text');
const id = z.uuid();
const instant = z.iso.datetime({ offset: true });
const day = z.iso.date();
const code = z.string().min(1).max(40);
const decision = z.enum(['approve', 'reject']);

/** What every operation carries: whose it is, when, and the caller's Idempotency-Key if any. */
const base = {
  userId: id,
  now: instant.optional(),
  key: z.string().min(1).max(200).optional(),
  scope: z.string().min(1).max(200).optional(),
  requestHash: z.string().min(1).max(200).optional(),
};

/** An operator's decision on a request (the review's money step). */
const decided = { decision, operatorId: id, reason: z.string().max(1000).nullable() };

export const moneyOperationSchema = z.discriminatedUnion('kind', [
  z.object({
    ...base,
    kind: z.literal('deposit'),
    txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
    logIndex: z.number().int().nonnegative(),
    amount: units,
    blockNumber: units,
    code,
  }),
  z.object({
    ...base,
    kind: z.literal('swap'),
    quoteId: id,
    code,
    expectAssetIn: z.enum(['QMGT', 'USDT']).optional(),
    expectAmountIn: units.optional(),
  }),
  z.object({
    ...base,
    kind: z.literal('sell'),
    amountIn: units,
    amountOut: units,
    fee: units,
    price: units,
    minAmountOut: units,
    code,
  }),
  z.object({ ...base, kind: z.literal('convert'), quoteId: id, code }),
  z.object({ ...base, kind: z.literal('gae_purchase'), quoteId: id, code }),
  z.object({
    ...base,
    kind: z.literal('gae_auto_save'),
    planId: id,
    /** The schedule the pass read (the plan's; a plan changed since is not due). */
    frequency: z.enum(['daily', 'weekly', 'monthly']),
    day: z.number().int().min(1).max(28).nullable(),
    capUsdt: units.nullable(),
    /** The due day, its period's key ('YYYY-MM-DD', 'YYYY-Www', 'YYYY-MM') and the day after it. */
    dueOn: day,
    period: z.string().regex(/^\d{4}-(\d{2}|W\d{2}|\d{2}-\d{2})$/),
    nextRunOn: day,
    /** This month's auto-save purchases before this one, [monthFrom, monthTo), and the cap rule's verdict on them. */
    monthFrom: instant,
    monthTo: instant,
    spentUsdt: units,
    withinCap: z.boolean(),
    amountUsdt: units,
    grams: units,
    fee: units,
    price: units,
    code,
  }),
  z.object({
    ...base,
    kind: z.literal('gae_terminate'),
    planId: id,
    code,
    currency: z.enum(['USDT', 'QMGT']),
    minRefund: units,
    grams: units,
    refund: units,
    // Absent for a plan no longer active: the operation then answers the key's first answer or refuses.
    spot: units.optional(),
    price: units.optional(),
    gross: units.optional(),
    earlyExit: z.boolean().optional(),
    earlyExitFee: units.optional(),
  }),
  z.object({ ...base, kind: z.literal('gae_termination_decide'), terminationId: id, ...decided }),
  z.object({ ...base, kind: z.literal('gae_termination_withdraw'), terminationId: id }),
  z.object({
    ...base,
    kind: z.literal('ges_join'),
    groupId: id,
    documentId: id,
    quoteId: id,
    /** The group's start date the due days were computed from: the join refuses a changed one. */
    startDate: day,
    /** Instalment 2's due day (ges.rules.ts dueOn), where the membership's next due day starts. */
    nextDueOn: day,
    code,
    ip: z.string().max(100).nullable(),
  }),
  z.object({
    ...base,
    kind: z.literal('ges_instalment'),
    membershipId: id,
    seq: z.number().int().positive(),
    dueOn: day,
    /** Instalment seq + 1's due day (ges.rules.ts dueOn): the next due day, unless this one closes the membership. */
    nextDueOn: day,
    amountUsdt: units,
    grams: units,
    fee: units,
    price: units,
    code,
  }),
  z.object({
    ...base,
    kind: z.literal('payment_open'),
    quoteId: id,
    amountCents: units,
    code,
    gateway: z.string().min(1).max(40),
    expiresAt: instant,
  }),
  z.object({
    ...base,
    kind: z.literal('payment_credit'),
    paymentId: id,
    amountCents: units.nullable(),
    currency: z.string().max(10).nullable(),
  }),
  z.object({
    ...base,
    kind: z.literal('remit'),
    recipientId: id,
    amount: units,
    roundUp: units,
    quoteId: id.nullish(),
    code,
    recipientCode: code,
  }),
  z.object({
    ...base,
    kind: z.literal('gift_send'),
    quoteId: id,
    code,
    recipientCode: code,
    escrowUntil: instant,
  }),
  z.object({ ...base, kind: z.literal('gift_claim'), giftId: id, code }),
  z.object({ ...base, kind: z.literal('gift_return'), giftId: id }),
  z.object({ ...base, kind: z.literal('reward_claim'), rewardId: id, code }),
  z.object({
    ...base,
    kind: z.literal('reward_sell'),
    amountIn: units,
    amountOut: units,
    fee: units,
    price: units,
    minAmountOut: units,
    code,
  }),
  z.object({ ...base, kind: z.literal('reward_payout_request'), amount: units, code }),
  z.object({ ...base, kind: z.literal('reward_payout_decide'), requestId: id, ...decided }),
  z.object({
    ...base,
    kind: z.literal('staking_stake'),
    code,
    amount: units,
    termDays: z.number().int().positive(),
    aprBps: z.number().int().nonnegative(),
    interest: units,
    maturesAt: instant,
  }),
  z.object({
    ...base,
    kind: z.literal('staking_close'),
    positionId: id,
    reason: z.enum(['unstake', 'maturity']),
    code,
  }),
  z.object({
    ...base,
    kind: z.literal('usdau_request'),
    code,
    grams: units,
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    price: units,
    usdauAmount: units,
  }),
  z.object({ ...base, kind: z.literal('usdau_decide'), requestId: id, ...decided }),
  z.object({ ...base, kind: z.literal('redemption_request'), quoteId: id, code, address: deliveryAddressSchema }),
  z.object({ ...base, kind: z.literal('redemption_decide'), redemptionId: id, ...decided }),
  z.object({ ...base, kind: z.literal('redemption_cancel'), redemptionId: id }),
  z.object({
    ...base,
    kind: z.literal('redemption_deliver'),
    redemptionId: id,
    operatorId: id,
    /** The vault bar the metal came from; absent: the first active bar holding enough. */
    barId: id.optional(),
  }),
]);

export type MoneyOperation = z.infer<typeof moneyOperationSchema>;
export type MoneyOperationKind = MoneyOperation['kind'];
/**
 * An operation of kind K without what `run` adds (whose, when, the Idempotency-Key): what a
 * product writes. Taken as `{ kind: K } & InputOf<K>`, so that K is read off the literal.
 */
export type InputOf<K extends MoneyOperationKind> = Omit<
  Extract<MoneyOperation, { kind: K }>,
  'userId' | 'now' | 'key' | 'scope' | 'requestHash'
>;

/** A transaction as `transaction_json` answers it (amounts as text). */
export type TransactionJson = Record<string, string | null>;
type Booked = { transaction: TransactionJson };
type MaybeBooked = { transaction?: TransactionJson };

/**
 * What each kind adds to an accepted answer (status 200), as its SQL function builds it. An
 * `outcome` says what a job's operation did; a refusal is never an accepted answer.
 */
interface AnswerFields {
  deposit: MaybeBooked & { duplicate?: boolean };
  swap: Booked;
  sell: Booked;
  convert: Booked;
  gae_purchase: Booked;
  gae_auto_save: MaybeBooked & {
    outcome: 'bought' | 'skipped' | 'not_due' | 'duplicate';
    reason?: 'balance' | 'cap';
  };
  gae_terminate: { terminationId: string };
  gae_termination_decide: MaybeBooked & { terminationId: string };
  gae_termination_withdraw: { terminationId: string };
  ges_join: Booked & { membershipId: string };
  ges_instalment: MaybeBooked & { outcome: string };
  payment_open: { paymentId: string };
  payment_credit: MaybeBooked & { outcome: 'credited' | 'duplicate' | 'mismatch' | string };
  remit: Booked & { remittanceId: string };
  gift_send: Booked & { giftId: string };
  gift_claim: MaybeBooked & { outcome: 'claimed' | 'settled' | 'expired' | 'not_eligible'; giftId?: string };
  gift_return: { outcome: 'returned' | 'settled' | 'not_due'; giftId?: string };
  reward_claim: Booked;
  reward_sell: Booked;
  reward_payout_request: { requestId: string };
  reward_payout_decide: MaybeBooked & { requestId: string };
  staking_stake: Booked & { positionId: string };
  staking_close: MaybeBooked & { positionId?: string; outcome?: 'matured' | 'unstaked' | 'not_due' };
  usdau_request: { requestId: string };
  usdau_decide: { requestId: string };
  redemption_request: { redemptionId: string };
  redemption_decide: { redemptionId: string };
  redemption_cancel: { redemptionId: string };
  redemption_deliver: Booked & { redemptionId: string; barId: string };
}

/** An accepted answer of kind K: the engine's common fields and what that kind adds. */
export type AnswerOf<K extends MoneyOperationKind> = {
  status: number;
  replayed?: boolean;
} & AnswerFields[K];

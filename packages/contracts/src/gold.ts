import { z } from 'zod';
import { decimalStringSchema } from './money.js';
import { reviewQueueSchema } from './review.js';
import { cursorSchema, pageInfoShape, pageSizeSchema } from './paging.js';
import { text } from './text.js';
import { transactionSchema } from './wallet.js';

/*
 * Gold savings (DESIGN.md sections 2, 8 and 9): the GAE plan and its GAEX top-ups, the
 * statement, termination, monthly auto-save, Convert between QMGT and GSA grams, and the
 * proof of reserves (USDAU requests are in usdau.ts). Amounts are decimal strings: grams (GOLD,
 * 6 decimals), USDT and QMGT (18 decimals).
 */

/** GAE purchase: grams = USDT / (spot x 1.03). */
export const GAE_MARKUP_BPS = 300;
/** Termination: refund = grams x spot x 0.98 (the sell price)... */
export const GAE_TERMINATION_SPREAD_BPS = 200;
/** ...minus 5% when the plan is younger than 12 months. */
export const GAE_EARLY_EXIT_FEE_BPS = 500;
export const GAE_EARLY_EXIT_MONTHS = 12;
/** The smallest GAE purchase is worth 1 gram. */
export const GAE_MIN_GRAMS = '1';
/** Convert QMGT <-> GOLD: 1:1, fee 0.5% of what is converted. */
export const CONVERT_FEE_BPS = 50;
/** Auto-save runs on days 1-28 so that every month has the day. */
export const AUTO_SAVE_MAX_DAY = 28;
/** How often auto-save buys: every day, on a weekday, or on a day of the month. */
export const AUTO_SAVE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type AutoSaveFrequency = (typeof AUTO_SAVE_FREQUENCIES)[number];
/** The most one auto-save purchase, or a monthly cap, may be: more is a typing slip, refused (422). */
export const AUTO_SAVE_MAX_USDT = '1000000';
/** Auto-save runs a page of GET /gae/auto-save/runs holds by default. */
export const AUTO_SAVE_RUNS_PAGE = 5;

export const GAE_KINDS = ['GAE', 'GAEX'] as const;
export const gaeKindSchema = z.enum(GAE_KINDS, { error: 'kind is GAE (a purchase) or GAEX (a top-up)' });
export type GaeKind = z.infer<typeof gaeKindSchema>;

export const GAE_PLAN_STATUSES = ['active', 'terminating', 'terminated'] as const;

export const AUTO_SAVE_SKIP_REASONS = ['balance', 'cap'] as const;
export type AutoSaveSkipReason = (typeof AUTO_SAVE_SKIP_REASONS)[number];

/** One period's run: bought (with its grams), or skipped (a short balance or the monthly cap reached). */
export const autoSaveRunSchema = z.object({
  /** The period's key: a day 'YYYY-MM-DD', an ISO week 'YYYY-Www' or a month 'YYYY-MM'. */
  period: z.string(),
  frequency: z.enum(AUTO_SAVE_FREQUENCIES),
  /** The UTC day it ran (YYYY-MM-DD). */
  ranOn: z.string(),
  outcome: z.enum(['bought', 'skipped']),
  /** Why a skipped period bought nothing; null when bought. */
  reason: z.enum(AUTO_SAVE_SKIP_REASONS).nullable(),
  /** What the period was to spend (null for runs older than this record). */
  amountUsdt: z.string().nullable(),
  /** Grams bought; null when skipped. */
  grams: z.string().nullable(),
  transactionCode: z.string().nullable(),
});
export type AutoSaveRun = z.infer<typeof autoSaveRunSchema>;
export const autoSaveRunsQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(AUTO_SAVE_RUNS_PAGE),
});
export const autoSaveRunsResponseSchema = z.object({ data: z.array(autoSaveRunSchema), ...pageInfoShape });
export type AutoSaveRunsResponse = z.infer<typeof autoSaveRunsResponseSchema>;

export const autoSaveSchema = z.object({
  amountUsdt: z.string(),
  frequency: z.enum(AUTO_SAVE_FREQUENCIES),
  /** Weekly: 1 (Monday) to 7 (Sunday); null otherwise. */
  dayOfWeek: z.number().int().nullable(),
  /** Monthly: 1-28; null otherwise. */
  dayOfMonth: z.number().int().nullable(),
  /** The most auto-save may spend in a calendar month (UTC); null: no cap. */
  monthlyCapUsdt: z.string().nullable(),
  /** Paused: nothing is bought or skipped until resumed; resuming starts from that day (no catch-up). */
  paused: z.boolean(),
  /** The next purchase day (YYYY-MM-DD, UTC); null while paused. */
  nextRunOn: z.string().nullable(),
  /** The last period's outcome, if any: bought, or skipped (balance short or cap reached, notified). */
  lastRun: z
    .object({
      period: z.string(),
      outcome: z.enum(['bought', 'skipped']),
      reason: z.enum(AUTO_SAVE_SKIP_REASONS).nullable(),
      transactionCode: z.string().nullable(),
    })
    .nullable(),
});
export type AutoSave = z.infer<typeof autoSaveSchema>;

/** Spot and the derived prices, USDT per gram. */
export const goldPricesSchema = z.object({
  spot: z.string(),
  /** What a GAE gram costs: spot x 1.03. */
  gae: z.string(),
  /** What a gram refunds on termination: spot x 0.98. */
  sell: z.string(),
  at: z.string(),
});
export type GoldPrices = z.infer<typeof goldPricesSchema>;

export const gaePlanSchema = z.object({
  id: z.string(),
  status: z.enum(GAE_PLAN_STATUSES),
  /** Grams in the plan (not counting grams locked by a termination request). */
  grams: z.string(),
  /** Grams locked by a pending termination request. */
  lockedGrams: z.string(),
  /** USDT paid into the plan so far. */
  costUsdt: z.string(),
  /** grams x spot. */
  valuationUsdt: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Until this instant a termination pays the early-exit fee. */
  earlyExitUntil: z.string(),
  autoSave: autoSaveSchema.nullable(),
  /** The open termination request, if any. */
  terminationId: z.string().nullable(),
});
export type GaePlan = z.infer<typeof gaePlanSchema>;
export const gaePlanResponseSchema = z.object({ plan: gaePlanSchema.nullable(), price: goldPricesSchema });
export type GaePlanResponse = z.infer<typeof gaePlanResponseSchema>;

export const gaeQuoteRequestSchema = z.object({ kind: gaeKindSchema, amountUsdt: decimalStringSchema });
export type GaeQuoteRequest = z.infer<typeof gaeQuoteRequestSchema>;
export const gaeQuoteSchema = z.object({
  quoteId: z.string(),
  kind: gaeKindSchema,
  amountUsdt: z.string(),
  grams: z.string(),
  /** USDT per gram paid: spot x 1.03. */
  price: z.string(),
  spot: z.string(),
  /** The 3% markup in USDT: amountUsdt - grams x spot. */
  fee: z.string(),
  expiresAt: z.string(),
});
export type GaeQuote = z.infer<typeof gaeQuoteSchema>;
export const gaePurchaseRequestSchema = z.object({ quoteId: z.uuid({ error: 'Unknown quote' }) });

/** A calendar day's shape; a day its month does not have (2026-02-30) is refused by the rules (422). */
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const daySchema = text(10).regex(DAY, 'Use a date like 2026-01-31');
/** Movements a statement answer (and its PDF) holds at most; older ones follow its nextCursor. */
export const STATEMENT_PAGE_MOVEMENTS = 200;
/**
 * The period is `from` to `to` (days, UTC), by default the last 12 months up to today (from the
 * plan's opening day if it is younger). One answer holds the newest STATEMENT_PAGE_MOVEMENTS
 * movements of the period (before `cursor`); `nextCursor` gives the older ones.
 */
export const gaeStatementQuerySchema = z.strictObject({
  from: daySchema.optional(),
  to: daySchema.optional(),
  cursor: cursorSchema.optional(),
});
export type GaeStatementQuery = z.infer<typeof gaeStatementQuerySchema>;
export const gaeStatementRowSchema = z.object({
  date: z.string(),
  type: z.string(),
  code: z.string(),
  /** Signed: a purchase adds, a termination takes away. */
  grams: z.string(),
  /** USDT per gram of the movement, if it had one. */
  price: z.string().nullable(),
  amountUsdt: z.string().nullable(),
  balanceGrams: z.string(),
});
export type GaeStatementRow = z.infer<typeof gaeStatementRowSchema>;
export const gaeStatementSchema = z.object({
  from: z.string(),
  to: z.string(),
  planId: z.string().nullable(),
  /**
   * Grams before the first row. With a nextCursor the period has older movements than these
   * rows: the opening is then the balance before the first row shown, not at `from`.
   */
  openingGrams: z.string(),
  rows: z.array(gaeStatementRowSchema),
  closingGrams: z.string(),
  spot: z.string(),
  valuationUsdt: z.string(),
  /** Grams and value at the end of each day with a movement, for the chart. */
  series: z.array(z.object({ date: z.string(), grams: z.string(), valueUsdt: z.string() })),
  /** The older movements of the period (null: the rows start at `from`). */
  ...pageInfoShape,
});
export type GaeStatement = z.infer<typeof gaeStatementSchema>;

export const TERMINATION_CURRENCIES = ['USDT', 'QMGT'] as const;
export const terminationCurrencySchema = z.enum(TERMINATION_CURRENCIES, { error: 'Refund in USDT or QMGT' });
export const terminationPreviewRequestSchema = z.object({ currency: terminationCurrencySchema });
export const terminationSummarySchema = z.object({
  planId: z.string(),
  planOpenedAt: z.string(),
  grams: z.string(),
  spot: z.string(),
  /** grams x spot x 0.98, in USDT. */
  gross: z.string(),
  earlyExit: z.boolean(),
  /** 5% of gross when the plan is younger than 12 months, in the refund currency. */
  earlyExitFee: z.string(),
  currency: terminationCurrencySchema,
  /** What the customer receives, in `currency`. */
  refund: z.string(),
});
export type TerminationSummary = z.infer<typeof terminationSummarySchema>;
/** PUT /request-terminate-gae-form/{id} (a form, or JSON): `refund` is the refund the customer was shown; less is refused. */
export const terminationFormSchema = z.object({ currency: terminationCurrencySchema, refund: decimalStringSchema });
export const TERMINATION_STATUSES = ['requested', 'approved', 'rejected', 'withdrawn'] as const;
export const terminationSchema = terminationSummarySchema.extend({
  id: z.string(),
  code: z.string(),
  status: z.enum(TERMINATION_STATUSES),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The operator's reason for a rejection. */
  reason: z.string().nullable(),
  /** The refund's transaction once approved. */
  refundTransaction: transactionSchema.nullable(),
});
export type Termination = z.infer<typeof terminationSchema>;
export const terminationResponseSchema = z.object({ termination: terminationSchema });

const autoSaveDayOfMonth = z
  .number({ error: 'A monthly auto-save needs dayOfMonth: a day from 1 to 28' })
  .int('Choose a day from 1 to 28')
  .min(1, 'Choose a day from 1 to 28')
  .max(AUTO_SAVE_MAX_DAY, 'Choose a day from 1 to 28');
const autoSaveDayOfWeek = z
  .number({ error: 'A weekly auto-save needs dayOfWeek: 1 (Monday) to 7 (Sunday)' })
  .int('Choose a weekday from 1 (Monday) to 7 (Sunday)')
  .min(1, 'Choose a weekday from 1 (Monday) to 7 (Sunday)')
  .max(7, 'Choose a weekday from 1 (Monday) to 7 (Sunday)');
const autoSaveFrequency = <F extends AutoSaveFrequency>(f: F) =>
  z.literal(f, { error: 'frequency is daily, weekly or monthly' });
const monthlyCap = decimalStringSchema.optional().meta({
  description: 'The most auto-save may spend in a calendar month (UTC), at least the amount; omitted: no cap.',
});

/** Says which rule a body that matches none of the shapes breaks (zod alone says "Invalid input"). */
function autoSaveRefusal(input: unknown): string {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return 'The request body must be a JSON object.';
  const body = input as Record<string, unknown>;
  if ('paused' in body) return 'paused is true or false, sent alone: { "paused": true }';
  if ('enabled' in body) return 'Send { "enabled": false } alone to switch auto-save off.';
  if (!('amountUsdt' in body)) return 'Amount is required';
  const frequency = body.frequency ?? 'monthly';
  if (!AUTO_SAVE_FREQUENCIES.includes(frequency as AutoSaveFrequency)) return 'frequency is daily, weekly or monthly';
  if (frequency !== 'weekly' && 'dayOfWeek' in body) return 'dayOfWeek is only for a weekly auto-save';
  if (frequency !== 'monthly' && 'dayOfMonth' in body) return 'dayOfMonth is only for a monthly auto-save';
  if (frequency === 'weekly') return 'A weekly auto-save needs dayOfWeek: 1 (Monday) to 7 (Sunday)';
  if (frequency === 'monthly') return 'A monthly auto-save needs dayOfMonth: a day from 1 to 28';
  return 'Send { amountUsdt, frequency, dayOfWeek (weekly) or dayOfMonth (monthly), monthlyCapUsdt? }, { paused }, or { enabled: false }.';
}

/**
 * PUT /gae/auto-save: a schedule (monthly by default, as the first version's { amountUsdt,
 * dayOfMonth }), pause or resume, or off.
 */
export const autoSaveRequestSchema = z.union(
  [
    z.object({
      amountUsdt: decimalStringSchema,
      frequency: autoSaveFrequency('monthly').optional(),
      dayOfMonth: autoSaveDayOfMonth,
      monthlyCapUsdt: monthlyCap,
    }),
    z.strictObject({
      amountUsdt: decimalStringSchema,
      frequency: autoSaveFrequency('weekly'),
      dayOfWeek: autoSaveDayOfWeek,
      monthlyCapUsdt: monthlyCap,
    }),
    z.strictObject({
      amountUsdt: decimalStringSchema,
      frequency: autoSaveFrequency('daily'),
      monthlyCapUsdt: monthlyCap,
    }),
    z.strictObject({ paused: z.boolean({ error: 'paused is true or false' }) }),
    z.strictObject({ enabled: z.literal(false) }),
  ],
  { error: (issue) => autoSaveRefusal(issue.input) },
);
export type AutoSaveRequest = z.infer<typeof autoSaveRequestSchema>;

export const CONVERT_ASSETS = ['QMGT', 'GOLD'] as const;
const convertAssetSchema = z.enum(CONVERT_ASSETS, { error: 'Convert is between QMGT and GOLD' });
export const convertQuoteRequestSchema = z
  .object({ from: convertAssetSchema, to: convertAssetSchema, amount: decimalStringSchema })
  .refine((v) => v.from !== v.to, { message: 'Choose two different assets', path: ['to'] });
export type ConvertQuoteRequest = z.infer<typeof convertQuoteRequestSchema>;
export const convertQuoteSchema = z.object({
  quoteId: z.string(),
  from: convertAssetSchema,
  to: convertAssetSchema,
  amountIn: z.string(),
  /** What the customer receives, the fee taken. */
  amountOut: z.string(),
  /** In `to`'s units. */
  fee: z.string(),
  expiresAt: z.string(),
});
export type ConvertQuote = z.infer<typeof convertQuoteSchema>;
export const convertRequestSchema = z.object({ quoteId: z.uuid({ error: 'Unknown quote' }) });

/** GET /balances: every asset by purpose (DESIGN.md section 8). */
const purposeBalancesSchema = z.object({ available: z.string(), locked: z.string() });
export const balancesResponseSchema = z.object({
  USDT: purposeBalancesSchema,
  QMGT: purposeBalancesSchema,
  /**
   * available: the GSA; plan: grams in the GAE plan; ges: grams in group savings (GDS);
   * locked: grams under a termination or USDAU request.
   */
  GOLD: purposeBalancesSchema.extend({ plan: z.string(), ges: z.string() }),
  rewards: z.object({ QMGT: z.string() }),
  spot: z.string(),
});
export type BalancesResponse = z.infer<typeof balancesResponseSchema>;

export const vaultBarSchema = z.object({
  id: z.string(),
  serial: z.string(),
  refinery: z.string(),
  fineGrams: z.string(),
  addedAt: z.string(),
  /** Grams the last allocation placed on the bar (decision 023). */
  allocatedGrams: z.string(),
});
export type VaultBar = z.infer<typeof vaultBarSchema>;
export const vaultBarInputSchema = z.object({
  serial: text(64, { required: 'Serial is required' }).min(1, 'Serial is required'),
  refinery: text(120, { required: 'Refinery is required' }).min(1, 'Refinery is required'),
  fineGrams: decimalStringSchema,
});
export type VaultBarInput = z.infer<typeof vaultBarInputSchema>;
export const vaultBarResponseSchema = z.object({ bar: vaultBarSchema });
/** The vault bars, a page at a time in the order they were listed (decision 017). */
export const vaultBarsQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(50),
});
export type VaultBarsQuery = z.infer<typeof vaultBarsQuerySchema>;
export const vaultBarsResponseSchema = z.object({ data: z.array(vaultBarSchema), ...pageInfoShape });
export type VaultBarsResponse = z.infer<typeof vaultBarsResponseSchema>;
export const reservesSchema = z.object({
  /** QMGT on chain (null when no chain is configured). */
  onChainQmgt: z.string().nullable(),
  /** QMGT the ledger owes its holders. */
  ledgerQmgt: z.string(),
  /** Grams the ledger owes (GSA, plans, locked). */
  ledgerGold: z.string(),
  /** Referral rewards not yet claimed, in QMGT: promised now, minted when claimed. */
  rewardsQmgt: z.string(),
  /** QMGT (with unclaimed rewards) + grams: every gram the platform must hold. */
  liabilitiesGrams: z.string(),
  vaultGrams: z.string(),
  /** vaultGrams - liabilitiesGrams: negative when the vault is short. */
  surplusGrams: z.string(),
  /** vaultGrams / liabilitiesGrams, e.g. "1.0213"; null when nothing is owed. */
  coverage: z.string().nullable(),
  /** Bars counted in vaultGrams; the list itself pages at GET /reserves/bars. */
  barCount: z.number().int(),
  /** Of ledgerGold, the grams the allocation placed on bars and the remainder no bar holds. */
  allocatedGrams: z.string(),
  unallocatedGrams: z.string(),
  /** When the allocation last ran (null: not yet). */
  allocatedAt: z.string().nullable(),
  checkedAt: z.string(),
});
export type Reserves = z.infer<typeof reservesSchema>;

/** GET /reserves/allocation: the bars behind a customer's grams (decision 023). */
export const barAllocationQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(50),
});
export type BarAllocationQuery = z.infer<typeof barAllocationQuerySchema>;
export const myBarSchema = z.object({
  barId: z.string(),
  serial: z.string(),
  refinery: z.string(),
  fineGrams: z.string(),
  /** The customer's grams on this bar. */
  myGrams: z.string(),
  /** myGrams / fineGrams, eight decimals, rounded down. */
  share: z.string(),
});
export type MyBar = z.infer<typeof myBarSchema>;
export const barAllocationResponseSchema = z.object({
  data: z.array(myBarSchema),
  /** The customer's grams no bar has room for (the vault is short of them). */
  unallocatedGrams: z.string(),
  /** When the allocation was computed (null: not yet). */
  computedAt: z.string().nullable(),
  ...pageInfoShape,
});
export type BarAllocationResponse = z.infer<typeof barAllocationResponseSchema>;

/** The operator's queues. */
export const adminTerminationSchema = terminationSchema.extend({ username: z.string(), email: z.string() });
export const adminTerminationsResponseSchema = reviewQueueSchema(adminTerminationSchema);

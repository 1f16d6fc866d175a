import { z } from 'zod';
import { assetSchema } from './money.js';
import { cursorSchema, pageInfoShape, pageSizeSchema } from './paging.js';

/*
 * The annual statement (DESIGN.md section 11, issue 26 part 4): a customer's year for a tax
 * return. Every product's movements of the year from the ledger, the fees paid, the holdings at
 * the year's opening and closing, and the gains and losses realised on grams and QMGT sold or
 * redeemed, at average cost. Amounts are decimal strings in the asset's units; costs, proceeds
 * and gains are USDT. Years are calendar years in UTC.
 */

/** The first year a statement can be asked for (the platform keeps nothing older). */
export const STATEMENT_FIRST_YEAR = 2000;
/** Movements in one JSON page by default; the PDF and CSV hold them all. */
export const ANNUAL_STATEMENT_PAGE_MOVEMENTS = 50;

/** The assets whose gains and losses the statement reports (their costs are pooled at average cost). */
export const STATEMENT_GAIN_ASSETS = ['GOLD', 'QMGT'] as const;
export type StatementGainAsset = (typeof STATEMENT_GAIN_ASSETS)[number];

/** Where a holding sits: the customer's ledger accounts (rewards: referral rewards not yet claimed). */
export const HOLDING_PLACES = ['available', 'locked', 'gae_plan', 'ges', 'rewards'] as const;
export type HoldingPlace = (typeof HOLDING_PLACES)[number];

/** A holding's name on every screen and document: gold held available is the gold savings account. */
export function holdingLabel(asset: string, place: HoldingPlace): string {
  if (asset === 'GOLD') {
    if (place === 'available') return 'Gold savings account (grams)';
    if (place === 'gae_plan') return 'GAE plan (grams)';
    if (place === 'ges') return 'Group savings, GES (grams)';
    return 'Grams locked (requests under review)';
  }
  if (asset === 'QMGT' && place === 'locked') return 'QMGT staked or locked';
  if (place === 'rewards') return `${asset} referral rewards (not yet claimed)`;
  if (place === 'locked') return `${asset} locked`;
  return `${asset} wallet`;
}

const yearSchema = z.coerce
  .number({ error: 'year must be a year such as 2026' })
  .int('year must be a whole year such as 2026')
  .min(STATEMENT_FIRST_YEAR, `year is ${STATEMENT_FIRST_YEAR} or later`)
  .max(9999, 'year must be a year such as 2026');

/** GET /statements/annual: the year, and a page of its movements (oldest first). */
export const annualStatementQuerySchema = z.strictObject({
  year: yearSchema,
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(ANNUAL_STATEMENT_PAGE_MOVEMENTS),
});
/** GET /statements/annual.pdf and .csv: the whole year, every movement. */
export const annualStatementFileQuerySchema = z.strictObject({ year: yearSchema });

const unitsString = z.string().meta({ description: 'A decimal amount in the asset, e.g. "1.25"' });

export const statementHoldingSchema = z.object({
  asset: assetSchema,
  place: z.enum(HOLDING_PLACES),
  opening: unitsString,
  closing: unitsString,
});

export const statementAmountSchema = z.object({ asset: assetSchema, amount: unitsString });

export const statementGainSchema = z.object({
  asset: z.enum(STATEMENT_GAIN_ASSETS),
  /** Units sold or redeemed in the year. */
  disposed: unitsString,
  proceedsUsdt: unitsString,
  /** Their average cost. */
  costUsdt: unitsString,
  /** Proceeds less cost: negative is a loss. */
  gainUsdt: unitsString,
  /** Units still held at the year's end, and their cost (what a later sale is measured against). */
  heldAtClose: unitsString,
  heldCostUsdt: unitsString,
});

export const statementMovementSchema = z.object({
  /** The ledger entry's id. */
  id: z.string(),
  at: z.string(),
  /** The transaction's code when a transaction booked it (a lock or a reversal has none). */
  code: z.string().nullable(),
  /** The transaction type (QMGT, GAE, DEPOSIT...) or, without one, the ledger entry's type. */
  kind: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'completed', 'failed']).nullable(),
  /** What the movement changed in the customer's holdings, per asset (moves between their own accounts net to nothing). */
  changes: z.array(statementAmountSchema),
  fee: statementAmountSchema.nullable(),
  /** The gain (or loss, negative) the movement realised, in USDT; null when it sold or redeemed nothing. */
  realisedGainUsdt: z.string().nullable(),
});

export const annualStatementSchema = z.object({
  year: z.number().int(),
  /** The first and last day covered (UTC); for the current year, up to today. */
  from: z.string(),
  to: z.string(),
  /** The year the customer signed up: the first with a statement worth asking for. */
  firstYear: z.number().int(),
  holdings: z.array(statementHoldingSchema),
  fees: z.array(statementAmountSchema),
  gains: z.array(statementGainSchema),
  totalGainUsdt: unitsString,
  /** How costs and gains are worked out, as the statement explains it. */
  method: z.array(z.string()),
  movements: z.array(statementMovementSchema),
  ...pageInfoShape,
});

export type AnnualStatementQuery = z.infer<typeof annualStatementQuerySchema>;
export type AnnualStatement = z.infer<typeof annualStatementSchema>;
export type StatementMovement = z.infer<typeof statementMovementSchema>;
export type StatementHolding = z.infer<typeof statementHoldingSchema>;
export type StatementGain = z.infer<typeof statementGainSchema>;

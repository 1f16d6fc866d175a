import {
  CONVERT_FEE_BPS,
  GAE_EARLY_EXIT_FEE_BPS,
  GAE_EARLY_EXIT_MONTHS,
  GAE_MARKUP_BPS,
  GAE_TERMINATION_SPREAD_BPS,
  formatUnits,
  toUnits,
} from '@qmgt/contracts';
import { BPS } from '../market/index.js';

/*
 * The gold savings rules, pure: no clock, no database. Units: USDT and QMGT in 1e-18,
 * grams (GOLD) in micrograms, prices in USDT per gram x 1e18 (the market's PRICE_SCALE).
 * Every rounding favours the platform by at most one smallest unit, as the swap rules do.
 */

/** Micrograms in a gram. */
export const MICROGRAMS = 1_000_000n;
/** QMGT units per microgram (1 QMGT = 1 gram; 18 against 6 decimals). */
export const QMGT_PER_MICROGRAM = 10n ** 12n;
export const GAE_MIN_MICROGRAMS = toUnits('1', 'GOLD');

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** A purchase the rules refuse (below the minimum, nothing to buy): a 422 with this message. */
export class GoldRuleError extends Error {
  constructor(
    message: string,
    readonly field: string = 'amount',
  ) {
    super(message);
  }
}

/** USDT per GAE gram: spot x 1.03, rounded up. */
export const gaePrice = (spot: bigint) => ceilDiv(spot * (BPS + BigInt(GAE_MARKUP_BPS)), BPS);
/** USDT per gram a termination refunds: spot x 0.98, rounded down. */
export const terminationPrice = (spot: bigint) => (spot * (BPS - BigInt(GAE_TERMINATION_SPREAD_BPS))) / BPS;
/** USDT value of grams at a price, rounded down. */
export const valueOf = (micrograms: bigint, price: bigint) => (micrograms * price) / MICROGRAMS;

export interface GaeQuoteFigures {
  amountUsdt: bigint;
  grams: bigint;
  price: bigint;
  /** The markup: what was paid beyond the grams' value at spot. */
  fee: bigint;
}

/** grams = USDT / (spot x 1.03), at least one gram's worth. */
export function quoteGae(amountUsdt: bigint, spot: bigint): GaeQuoteFigures {
  if (spot <= 0n) throw new GoldRuleError('No gold price is available.');
  if (amountUsdt <= 0n) throw new GoldRuleError('The amount must be more than zero.', 'amountUsdt');
  const price = gaePrice(spot);
  const grams = (amountUsdt * MICROGRAMS) / price;
  if (grams < GAE_MIN_MICROGRAMS) {
    // The least USDT that buys a whole gram, shown rounded up to the cent.
    const cent = 10n ** 16n;
    const least = ceilDiv(price, cent) * cent;
    throw new GoldRuleError(
      `The smallest GAE purchase is worth 1 gram: at today's price that is ${formatUnits(least, 'USDT')} USDT.`,
      'amountUsdt',
    );
  }
  return { amountUsdt, grams, price, fee: amountUsdt - valueOf(grams, spot) };
}

/** The plan's first 12 months: until then a termination pays the early-exit fee. */
export function earlyExitUntil(openedAt: Date): Date {
  const until = new Date(openedAt.getTime());
  until.setUTCMonth(until.getUTCMonth() + GAE_EARLY_EXIT_MONTHS);
  return until;
}

export interface TerminationFigures {
  grams: bigint;
  spot: bigint;
  /** USDT per gram: the spot less the termination spread (terminationPrice). */
  price: bigint;
  /** USDT: grams x spot x 0.98. */
  gross: bigint;
  earlyExit: boolean;
  /** In the refund currency. */
  earlyExitFee: bigint;
  refund: bigint;
  currency: 'USDT' | 'QMGT';
}

/**
 * refund = grams x spot x 0.98, minus 5% while the plan is younger than 12 months. In QMGT
 * (1 QMGT = 1 gram) the same rule applies to grams x 0.98, without a price.
 */
export function terminationSummary(input: {
  grams: bigint;
  spot: bigint;
  openedAt: Date;
  now: Date;
  currency: 'USDT' | 'QMGT';
}): TerminationFigures {
  const { grams, spot, currency } = input;
  if (grams <= 0n) throw new GoldRuleError('This GAE plan holds no grams to terminate.', 'grams');
  if (spot <= 0n) throw new GoldRuleError('No gold price is available.');
  const earlyExit = input.now.getTime() < earlyExitUntil(input.openedAt).getTime();
  const price = terminationPrice(spot);
  const gross = valueOf(grams, price);
  const grossInCurrency =
    currency === 'USDT' ? gross : (grams * QMGT_PER_MICROGRAM * (BPS - BigInt(GAE_TERMINATION_SPREAD_BPS))) / BPS;
  const earlyExitFee = earlyExit ? ceilDiv(grossInCurrency * BigInt(GAE_EARLY_EXIT_FEE_BPS), BPS) : 0n;
  return { grams, spot, price, gross, earlyExit, earlyExitFee, refund: grossInCurrency - earlyExitFee, currency };
}

export interface ConvertFigures {
  from: 'QMGT' | 'GOLD';
  to: 'QMGT' | 'GOLD';
  amountIn: bigint;
  amountOut: bigint;
  /** In `to`'s units. */
  fee: bigint;
}

/** QMGT <-> grams 1:1, the 0.5% fee kept back from what the customer receives. */
export function quoteConvert(from: 'QMGT' | 'GOLD', amountIn: bigint): ConvertFigures {
  if (amountIn <= 0n) throw new GoldRuleError('The amount must be more than zero.');
  let gross: bigint;
  if (from === 'QMGT') {
    // Grams are kept to the microgram: QMGT beyond the sixth decimal cannot become grams.
    if (amountIn % QMGT_PER_MICROGRAM !== 0n)
      throw new GoldRuleError('Convert QMGT with at most 6 decimals (grams are kept to the microgram).');
    gross = amountIn / QMGT_PER_MICROGRAM;
  } else {
    gross = amountIn * QMGT_PER_MICROGRAM;
  }
  const fee = ceilDiv(gross * BigInt(CONVERT_FEE_BPS), BPS);
  if (gross - fee <= 0n) throw new GoldRuleError('The amount is too small to convert.');
  return { from, to: from === 'QMGT' ? 'GOLD' : 'QMGT', amountIn, amountOut: gross - fee, fee };
}

/** "YYYY-MM-DD" of a UTC day. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
export interface PlanMovement {
  at: Date;
  type: string;
  code: string;
  /** Signed micrograms. */
  grams: bigint;
  price: bigint | null;
  amountUsdt: bigint | null;
}

/** Statement rows with the running grams, and the end-of-day grams for the chart. */
/**
 * A statement's default start: 12 months back from its end day (the day after the same day a
 * year before), or the plan's opening day when the plan is younger. Days are UTC 'YYYY-MM-DD'.
 */
export function defaultStatementFrom(toDay: Date, planOpenedDay: string): string {
  const year = toDay.getUTCFullYear() - 1;
  const month = toDay.getUTCMonth();
  // A year before 29 February is the 28th; the period starts the day after.
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const start = dayOf(new Date(Date.UTC(year, month, Math.min(toDay.getUTCDate(), lastOfMonth) + 1)));
  return planOpenedDay > start ? planOpenedDay : start;
}

export function buildStatement(openingGrams: bigint, movements: readonly PlanMovement[]) {
  let balance = openingGrams;
  const rows = movements.map((m) => {
    balance += m.grams;
    return { ...m, balanceGrams: balance };
  });
  const endOfDay = new Map<string, bigint>();
  for (const row of rows) endOfDay.set(dayOf(row.at), row.balanceGrams);
  return { rows, closingGrams: balance, endOfDay };
}

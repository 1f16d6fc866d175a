import {
  PAYMENT_MAX_USD,
  PAYMENT_MIN_USD,
  REMIT_MIN_USDT,
  SPEND_TO_SAVE_FEE_BPS,
  toUnits,
  type RoundUpStep,
} from '@qmgt/contracts';
import { BPS } from '../market/index.js';

/*
 * Spend To Save and Remit to save, pure: no clock, no database. Units: USD in cents, USDT in
 * 1e-18, grams (GOLD) in micrograms, prices in USDT per gram x 1e18. One US dollar is taken
 * as one USDT. Every rounding favours the platform by at most one smallest unit.
 */

const MICROGRAMS = 1_000_000n;
/** USDT units in a cent. */
const USDT_PER_CENT = 10n ** 16n;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** A request the rules refuse: a 422 naming the field. */
export class SaveRuleError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** "49.99" -> 4999n (the contract's pattern already allows at most two decimals). */
export function usdCents(amountUsd: string): bigint {
  const cents = toUnits(amountUsd, 'USD');
  if (cents < toUnits(PAYMENT_MIN_USD, 'USD'))
    throw new SaveRuleError(`The smallest payment is ${PAYMENT_MIN_USD} USD.`, 'amountUsd');
  if (cents > toUnits(PAYMENT_MAX_USD, 'USD'))
    throw new SaveRuleError(`The largest payment is ${PAYMENT_MAX_USD} USD.`, 'amountUsd');
  return cents;
}

export interface GoldFigures {
  fee: bigint;
  grams: bigint;
  price: bigint;
}

/** Gold at spot for what is left after the 1.5% fee (rounded up); grams rounded down. */
function goldFor(amountUsdt: bigint, spot: bigint, feeUnit: bigint): GoldFigures & { feeUsdt: bigint } {
  if (spot <= 0n) throw new SaveRuleError('No gold price is available.', 'amount');
  // The fee in the payer's own unit (a cent, or a USDT unit), never a fraction of one.
  const feeInUnits = ceilDiv((amountUsdt / feeUnit) * BigInt(SPEND_TO_SAVE_FEE_BPS), BPS);
  const feeUsdt = feeInUnits * feeUnit;
  const grams = ((amountUsdt - feeUsdt) * MICROGRAMS) / spot;
  return { fee: feeInUnits, feeUsdt, grams, price: spot };
}

/** A card payment of `cents`: the fee in cents and the grams it buys at spot. */
export function spendToSave(cents: bigint, spot: bigint): GoldFigures {
  const { fee, grams, price } = goldFor(cents * USDT_PER_CENT, spot, USDT_PER_CENT);
  return { fee, grams, price };
}

/** A remittance's amount: more than the minimum, in whole cents (people send 23 or 23.50). */
export function remitAmount(amountUsdt: string): bigint {
  const units = toUnits(amountUsdt, 'USDT');
  if (units % USDT_PER_CENT !== 0n)
    throw new SaveRuleError('Send an amount in whole cents (at most two decimals).', 'amountUsdt');
  if (units < toUnits(REMIT_MIN_USDT, 'USDT'))
    throw new SaveRuleError(`The smallest remittance is ${REMIT_MIN_USDT} USDT.`, 'amountUsdt');
  return units;
}

/** What rounds `amount` up to the next multiple of `step` USDT: 23 to 25 is 2; 25 to 25 is 0. */
export function roundUpOf(amount: bigint, step: RoundUpStep): bigint {
  const unit = BigInt(step) * 10n ** 18n;
  const rest = amount % unit;
  return rest === 0n ? 0n : unit - rest;
}

/** The round-up's gold, at the Spend To Save terms: the fee in USDT units. */
export function roundUpGold(roundUp: bigint, spot: bigint): GoldFigures {
  const { feeUsdt, grams, price } = goldFor(roundUp, spot, 1n);
  return { fee: feeUsdt, grams, price };
}

/** The masked name a sender sees (shared with Gift gold: lib/masked-name.ts). */
export { maskedName } from '../../lib/masked-name.js';

import { z } from 'zod';
import { text } from './text.js';

/**
 * Money on the wire is a decimal string ("12.5"), in the database `numeric(78,0)` counts of
 * an asset's smallest unit, in code `bigint`. Never a JS number: 0.1 + 0.2 is not 0.3.
 */
/** USD: dollars a card payment brought in, in cents; only platform accounts hold it. */
export const ASSETS = ['USDT', 'QMGT', 'GOLD', 'USDAU', 'USD'] as const;
export const assetSchema = z.enum(ASSETS);
export type Asset = z.infer<typeof assetSchema>;

/** Smallest-unit exponent: USDT and QMGT are 18-decimal tokens on chain, GOLD is micrograms. */
export const ASSET_DECIMALS: Record<Asset, number> = { USDT: 18, QMGT: 18, GOLD: 6, USDAU: 18, USD: 2 };
/** How many decimals screens show (DESIGN.md section 2). */
export const DISPLAY_DECIMALS: Record<Asset, number> = { USDT: 2, QMGT: 4, GOLD: 4, USDAU: 2, USD: 2 };

const DECIMAL = /^(0|[1-9]\d{0,29})(\.\d{1,18})?$/;

/** A positive or zero decimal amount as typed by a person: digits, one optional point, no sign or exponent. */
export const decimalStringSchema = text(64, {
  required: 'Amount is required',
  maxMessage: 'The amount is too long',
  // Not trimmed: the document's pattern is the whole rule, so " 12" is refused as it says
  // (trimming would accept what the pattern refuses). Screens trim what people type.
  trim: false,
}).regex(DECIMAL, 'Enter an amount like 12.5 (digits and one decimal point)');

export class AmountError extends Error {}

/** "12.5" -> 12500000000000000000n for an 18-decimal asset. Refuses more decimals than the asset has. */
export function toUnits(decimal: string, asset: Asset): bigint {
  const value = decimal.trim();
  if (!DECIMAL.test(value)) throw new AmountError(`"${decimal}" is not a decimal amount`);
  const [whole = '0', fraction = ''] = value.split('.');
  const decimals = ASSET_DECIMALS[asset];
  if (fraction.length > decimals) throw new AmountError(`${asset} has at most ${decimals} decimals`);
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** 12500000000000000000n -> "12.5": exact, trailing zeros removed. */
export function fromUnits(units: bigint, asset: Asset): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(ASSET_DECIMALS[asset]);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(ASSET_DECIMALS[asset], '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** For display: rounded down (never show more than is there) to the asset's display decimals. */
export function formatUnits(units: bigint, asset: Asset, decimals = DISPLAY_DECIMALS[asset]): string {
  const drop = 10n ** BigInt(ASSET_DECIMALS[asset] - decimals);
  const truncated = (units / drop) * drop;
  const [whole = '0', fraction = ''] = fromUnits(truncated, asset).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals > 0 ? `${grouped}.${fraction.padEnd(decimals, '0')}` : grouped;
}

/**
 * Grams as every screen, PDF and checkout shows them: "0.3800 g", rounded down to 4 decimals as
 * every display is. The one text for grams (issue 23: a checkout said 0.380073 g where the quote
 * had said 0.3800 g).
 */
export function formatGrams(units: bigint): string {
  return `${formatUnits(units, 'GOLD')} g`;
}

import { createHash } from 'node:crypto';
import { ASSET_DECIMALS, toUnits, type Asset } from '@qmgt/contracts';

/** Prices are USD (≈ USDT) per gram of gold, as integers scaled by 1e18. */
export const PRICE_SCALE = 10n ** 18n;
export const BPS = 10_000n;

export interface PricingPolicy {
  /** Buy price = spot x (1 + spread), sell price = spot x (1 - spread); DESIGN.md: 2%. */
  spreadBps: bigint;
  /** Taken from what the customer receives. */
  swapFeeBps: bigint;
  minBuyUsdt: bigint;
  minSellQmgt: bigint;
}

export const DEFAULT_POLICY: PricingPolicy = {
  spreadBps: 200n,
  swapFeeBps: 50n,
  minBuyUsdt: toUnits('10', 'USDT'),
  minSellQmgt: toUnits('0.01', 'QMGT'),
};

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/* Rounding always favours the platform by at most one smallest unit: the ledger never pays out more than it took. */
export const buyPrice = (spot: bigint, policy: PricingPolicy) => ceilDiv(spot * (BPS + policy.spreadBps), BPS);
export const sellPrice = (spot: bigint, policy: PricingPolicy) => (spot * (BPS - policy.spreadBps)) / BPS;

export type SwapDirection = { from: 'USDT'; to: 'QMGT' } | { from: 'QMGT'; to: 'USDT' };

export interface SwapQuote {
  assetIn: Asset;
  assetOut: Asset;
  amountIn: bigint;
  /** What the customer receives, the fee already taken. */
  amountOut: bigint;
  fee: bigint;
  /** USDT per QMGT, scaled by 1e18. */
  price: bigint;
}

export class QuoteError extends Error {}

/**
 * 1 QMGT is backed by 1 gram: buying QMGT costs the buy price in USDT, selling yields the sell
 * price. `amountIn` is exactly what leaves the customer's balance.
 */
export function quoteSwap(
  direction: SwapDirection,
  amountIn: bigint,
  spot: bigint,
  policy: PricingPolicy = DEFAULT_POLICY,
): SwapQuote {
  if (amountIn <= 0n) throw new QuoteError('The amount must be more than zero.');
  if (spot <= 0n) throw new QuoteError('No gold price is available.');
  // Both tokens have 18 decimals, so prices convert units directly.
  if (ASSET_DECIMALS.USDT !== ASSET_DECIMALS.QMGT) throw new Error('price maths assumes equal decimals');
  let price: bigint;
  let gross: bigint;
  if (direction.from === 'USDT') {
    if (amountIn < policy.minBuyUsdt) throw new QuoteError('The smallest purchase is 10 USDT.');
    price = buyPrice(spot, policy);
    gross = (amountIn * PRICE_SCALE) / price;
  } else {
    if (amountIn < policy.minSellQmgt) throw new QuoteError('The smallest sale is 0.01 QMGT.');
    price = sellPrice(spot, policy);
    gross = (amountIn * price) / PRICE_SCALE;
  }
  const fee = ceilDiv(gross * policy.swapFeeBps, BPS);
  if (gross - fee <= 0n) throw new QuoteError('The amount is too small to trade.');
  return { assetIn: direction.from, assetOut: direction.to, amountIn, amountOut: gross - fee, fee, price };
}

/**
 * The sandbox gold feed: a deterministic random walk. Each step moves at most ±0.3% and pulls
 * 1% of the way back towards the base price, so the walk wanders but never runs away.
 */
export function nextSandboxPrice(previous: bigint, base: bigint, step: number, seed: string): bigint {
  const digest = createHash('sha256').update(`${seed}:${step}`).digest();
  const uniform = digest.readUInt32BE(0) / 0xffffffff; // [0, 1]
  const moveBps = BigInt(Math.round((uniform * 2 - 1) * 30)); // -30..+30 bps
  const moved = (previous * (BPS + moveBps)) / BPS;
  return moved + (base - moved) / 100n;
}

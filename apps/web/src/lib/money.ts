import {
  AmountError,
  ASSET_DECIMALS,
  formatGrams as gramsText,
  formatUnits,
  toUnits,
  type Asset,
} from '@qmgt/contracts';

/**
 * Money on screens: decimal strings from the API, bigint for every sum and comparison, the
 * contracts' formatUnits for display (rounded down to the asset's display decimals). Never a
 * JS number (DESIGN.md section 2).
 */

/** "12.5" -> units, or null when the text is not an amount of that asset (empty, junk, too many decimals). */
export function parseAmount(decimal: string | null | undefined, asset: Asset): bigint | null {
  if (decimal === null || decimal === undefined) return null;
  try {
    return toUnits(decimal, asset);
  } catch (error) {
    if (error instanceof AmountError) return null;
    throw error;
  }
}

/** An API amount for display: "1234.56789" USDT -> "1,234.56". Unreadable input is shown as it came. */
export function formatAmount(decimal: string, asset: Asset): string {
  const units = parseAmount(decimal, asset);
  return units === null ? decimal : formatUnits(units, asset);
}

/**
 * Grams as every screen shows them: "2.2404 g", rounded down to 4 decimals (never more than is
 * there); the exact figure belongs in a title. The contracts' formatGrams is the one text, which
 * the server's PDFs and checkout descriptions use too.
 */
export function formatGrams(decimal: string): string {
  const units = parseAmount(decimal, 'GOLD');
  return units === null ? `${decimal} g` : gramsText(units);
}

/** An API amount with its asset: "1,234.56 USDT"; gold in grams: "2.2404 g". */
export function formatMoney(decimal: string, asset: Asset): string {
  return asset === 'GOLD' ? formatGrams(decimal) : `${formatAmount(decimal, asset)} ${asset}`;
}

/**
 * The USDT value of a QMGT amount at a price in USDT per QMGT, in USDT units, rounded down:
 * units(qmgt) x units(price) / one QMGT.
 */
export function qmgtValueInUsdt(qmgt: string, price: string): bigint | null {
  const amount = parseAmount(qmgt, 'QMGT');
  const perToken = parseAmount(price, 'USDT');
  if (amount === null || perToken === null) return null;
  return (amount * perToken) / 10n ** BigInt(ASSET_DECIMALS.QMGT);
}

/** "$1,234.56": a USDT amount in units, shown as US dollars (1 USDT is taken as 1 USD). */
export function formatUsd(units: bigint): string {
  const negative = units < 0n;
  return `${negative ? '-' : ''}$${formatUnits(negative ? -units : units, 'USDT')}`;
}

/** A USD-per-gram price from the API ("131.2345") as "$131.23". */
export function formatPrice(decimal: string): string {
  const units = parseAmount(decimal, 'USDT');
  return units === null ? decimal : formatUsd(units);
}

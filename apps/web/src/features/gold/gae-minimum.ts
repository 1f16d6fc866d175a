import { fromUnits, GAE_MIN_GRAMS, toUnits } from '@qmgt/contracts';
import { parseAmount } from '@/lib/money';

const CENT = 10n ** 16n;
const GRAM = toUnits('1', 'GOLD');

/**
 * The least USDT that buys the GAE minimum (1 g) at a GAE price per gram, rounded up to the
 * cent: grams = USDT / price rounds down, so a cent less would buy 0.9999 g and be refused.
 * The server's rule (gae.rules.ts quoteGae) says the same figure in its refusal.
 */
export function leastUsdtForMinimum(gaePricePerGram: string): string | null {
  const price = parseAmount(gaePricePerGram, 'USDT');
  if (price === null || price <= 0n) return null;
  const exact = (price * toUnits(GAE_MIN_GRAMS, 'GOLD')) / GRAM;
  const cents = (exact + CENT - 1n) / CENT;
  return fromUnits(cents * CENT, 'USDT');
}

import type { RemitQuote, Transaction } from '@qmgt/contracts';
import { formatAmount, formatGrams } from '@/lib/money';

/**
 * The remittance's success line: what the friend got and what the round-up saved, each against
 * its own USDT (the transaction's total paid both, so 'received X g for 25 USDT' misled).
 */
export function remitOutcome(quote: RemitQuote, settled: Transaction): string {
  const sent = sentence(`You sent ${formatAmount(quote.amountUsdt, 'USDT')} USDT to ${quote.recipient.maskedName}`);
  if (!quote.quoteId) return sent;
  const grams = settled.assetOut === 'GOLD' && settled.amountOut ? settled.amountOut : quote.grams;
  return `${sent} Your ${formatAmount(quote.roundUpUsdt, 'USDT')} USDT round-up saved ${formatGrams(grams)} of gold.`;
}

/** The line under the spinner while the remittance is sent. */
export function remitProgress(quote: RemitQuote): string {
  const saving = quote.quoteId ? ` and saving ${formatGrams(quote.grams)} of gold` : '';
  return sentence(`Sending ${formatAmount(quote.amountUsdt, 'USDT')} USDT to ${quote.recipient.maskedName}${saving}`);
}

/** A full stop, unless the text already ends with one ('… to Jane D.'). */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

import { AmountError, GIFT_ESCROW_DAYS, toUnits } from '@qmgt/contracts';

/*
 * Gift gold's figures (pure, tested without a database): the grams a customer may gift, what
 * they are worth at the spot, when grams waiting for an invited address return, and how that
 * address shows to its sender.
 */

export class GiftRuleError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** The grams of a gift in GOLD units (6 decimals): more than zero, at most what the GSA holds. */
export function giftGrams(grams: string, heldUnits: bigint): bigint {
  let units: bigint;
  try {
    units = toUnits(grams, 'GOLD');
  } catch (error) {
    if (error instanceof AmountError) throw new GiftRuleError('Grams have at most 6 decimals.', 'grams');
    throw error;
  }
  if (units <= 0n) throw new GiftRuleError('The grams must be more than zero.', 'grams');
  if (units > heldUnits)
    throw new GiftRuleError('You hold fewer grams in your gold savings account than this gift.', 'grams');
  return units;
}

/** The grams' value in USDT units at `usdPerGram` (USDT units a gram), rounded down. */
export function giftValue(gramUnits: bigint, usdPerGram: bigint): bigint {
  return (gramUnits * usdPerGram) / 10n ** 6n;
}

/** When grams sent to an invited address at `sentAt` return, unclaimed: 30 days later. */
export function escrowUntil(sentAt: Date): Date {
  return new Date(sentAt.getTime() + GIFT_ESCROW_DAYS * 86_400_000);
}

/** "ja***@example.com": enough for a sender to recognise the address they typed. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = [...email.slice(0, at)];
  return `${local.slice(0, Math.min(2, local.length - 1 || 1)).join('')}***${email.slice(at)}`;
}

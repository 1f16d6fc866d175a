import {
  EMAIL_NOTIFICATION_KINDS,
  PRICE_ALERT_MAX_USD_PER_GRAM,
  toUnits,
  type EmailNotificationKind,
  type NotificationPreferences,
  type PriceAlertDirection,
} from '@qmgt/contracts';

/* Notifications and price alerts: the rules, pure (tested without a database). */

/** The preferences a customer sees: every kind's e-mail on unless they turned it off. */
export function preferencesFrom(emailOff: readonly string[]): NotificationPreferences {
  const email = Object.fromEntries(EMAIL_NOTIFICATION_KINDS.map((kind) => [kind, !emailOff.includes(kind)]));
  return { email: email as NotificationPreferences['email'] };
}

/** The kinds turned off after a change: the kinds named take their new choice, the others keep theirs. */
export function emailOffAfter(
  emailOff: readonly string[],
  change: Partial<Record<EmailNotificationKind, boolean>>,
): EmailNotificationKind[] {
  return EMAIL_NOTIFICATION_KINDS.filter((kind) => {
    const chosen = change[kind];
    return chosen === undefined ? emailOff.includes(kind) : !chosen;
  });
}

export type ThresholdRefusal = { status: 409 | 422; message: string };

/**
 * Whether a threshold can be an alert now. An alert fires when the price crosses it, so it
 * must be on the far side of the spot from where the price is: an 'above' alert over the spot,
 * a 'below' one under it (else it would fire at the next tick for no movement).
 */
export function thresholdRefusal(
  direction: PriceAlertDirection,
  threshold: bigint,
  spot: bigint,
): ThresholdRefusal | undefined {
  // 422: the shape is right (a decimal), the value is not one an alert can have.
  if (threshold <= 0n) return { status: 422, message: 'The price must be more than zero.' };
  if (threshold > toUnits(PRICE_ALERT_MAX_USD_PER_GRAM, 'USDT'))
    return { status: 422, message: `The price must be at most $${PRICE_ALERT_MAX_USD_PER_GRAM} per gram.` };
  const now = usd(spot);
  if (direction === 'above' && threshold <= spot)
    return { status: 409, message: `Gold is already at $${now} per gram: choose a price above it.` };
  if (direction === 'below' && threshold >= spot)
    return { status: 409, message: `Gold is already at $${now} per gram: choose a price below it.` };
  return undefined;
}

/** USD per gram (1e18 scale) as the customer reads it: cents. */
export function usd(unitsPerGram: bigint): string {
  const cents = (unitsPerGram + 5n * 10n ** 15n) / 10n ** 16n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** The notification of an alert that fired. */
export function priceAlertNotice(direction: PriceAlertDirection, threshold: bigint, firedAt: bigint) {
  return {
    title: `Gold is ${direction} $${usd(threshold)} per gram`,
    body: `Your price alert fired: gold reached $${usd(firedAt)} per gram. Set another one beside the gold price chart.`,
    link: '/dashboard',
  };
}

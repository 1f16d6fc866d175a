import {
  EMAIL_NOTIFICATION_KINDS,
  PRICE_ALERT_MAX_USD_PER_GRAM,
  fromUnits,
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

/**
 * The facts of an event that notifies in the app only, as SQL records them in the change's own
 * transaction (sql/notifications_record_event.sql; amounts in smallest units, as text). They
 * never change afterwards; the words are made from them when the notification is read.
 */
export type NoticeFacts =
  | { event: 'deposit'; amount: string }
  | { event: 'kyc'; status: 'Verified' | 'Rejected' }
  | { event: 'staking'; code: string; amount: string; interest: string }
  | { event: 'settled'; amount: string };

export interface NoticeWords {
  title: string;
  body: string;
  link: string | null;
}

/**
 * An event this release does not know: a row a newer release wrote, read by an older process
 * during a rolling deploy. The list still answers, with words that promise nothing.
 */
const UNKNOWN_EVENT: NoticeWords = {
  title: 'Your account changed',
  body: 'Open your transactions to see what changed.',
  link: '/transactions',
};

/** What a recorded event says to its customer. */
export function noticeWords(facts: NoticeFacts): NoticeWords {
  switch (facts.event) {
    case 'deposit': {
      const usdt = fromUnits(BigInt(facts.amount), 'USDT');
      return {
        title: `Deposit credited: ${usdt} USDT`,
        body: `${usdt} USDT arrived at your wallet address and is in your balance.`,
        link: '/transactions',
      };
    }
    case 'kyc':
      return facts.status === 'Verified'
        ? {
            title: 'Identity verified',
            body: 'Your identity is verified: your wallet, savings and payments are open.',
            link: '/dashboard',
          }
        : {
            title: 'Identity verification not approved',
            body: 'Your identity verification was not approved. Open the verification page to see why and try again.',
            link: '/kyc-verification',
          };
    case 'staking': {
      const principal = fromUnits(BigInt(facts.amount), 'QMGT');
      const interest = fromUnits(BigInt(facts.interest), 'QMGT');
      return {
        title: `Stake ${facts.code} matured`,
        body: `${principal} QMGT and ${interest} QMGT of interest are back in your wallet.`,
        link: '/staking',
      };
    }
    case 'settled': {
      const qmgt = fromUnits(BigInt(facts.amount), 'QMGT');
      return {
        title: `${qmgt} QMGT settled on chain`,
        body: `Your ${qmgt} QMGT is final on chain at your wallet address.`,
        link: '/transactions',
      };
    }
    default:
      return UNKNOWN_EVENT;
  }
}

import type { Termination } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';
import { amount, message } from '../../lib/mail-layout.js';

/* The gold savings mails: plain words, figures as the screens show them, a link to follow. */

export function terminationMail(to: string, username: string, publicUrl: string, t: Termination): MailMessage {
  const link = { label: 'See your termination summary', url: `${publicUrl}/termination-summary/${t.id}` };
  const figures = `${amount(t.grams, 'GOLD')} at ${amount(t.spot, 'USDT')} per gram: refund ${amount(t.refund, t.currency)}${
    t.earlyExit ? ` after the 5% early-exit fee of ${amount(t.earlyExitFee, t.currency)}` : ''
  }.`;
  if (t.status === 'approved')
    return message(
      to,
      `Your GAE plan is terminated (${t.code})`,
      [
        `Hello ${username},`,
        `Your termination request ${t.code} was approved. ${figures}`,
        'The refund is in your wallet and the plan is closed.',
      ],
      link,
    );
  if (t.status === 'rejected')
    return message(
      to,
      `Your GAE termination request was not approved (${t.code})`,
      [
        `Hello ${username},`,
        `Your termination request ${t.code} was not approved${t.reason ? `: ${t.reason}` : '.'}`,
        'Your grams are back in your GAE plan, which stays open.',
      ],
      link,
    );
  return message(
    to,
    `We received your GAE termination request (${t.code})`,
    [
      `Hello ${username},`,
      `Your request to terminate your GAE plan is with our operators. ${figures}`,
      'Your plan grams are locked until it is decided; we will write again then. Until then you can withdraw the request from its summary page.',
    ],
    link,
  );
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** How a period reads in a sentence: 'Friday 27 November 2026', 'the week 2026-W48', '2026-11' (no locale data needed). */
function periodText(frequency: 'daily' | 'weekly' | 'monthly', period: string): string {
  if (frequency === 'weekly') return `the week ${period}`;
  if (frequency === 'daily') {
    const day = new Date(`${period}T00:00:00Z`);
    return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
  }
  return period;
}

const NEXT_PERIOD = { daily: 'tomorrow', weekly: 'next week', monthly: 'next month' } as const;

export function autoSaveSkippedMail(
  to: string,
  username: string,
  publicUrl: string,
  skip: {
    period: string;
    frequency: 'daily' | 'weekly' | 'monthly';
    reason: 'balance' | 'cap';
    amountUsdt: string;
    capUsdt: string | null;
  },
): MailMessage {
  const when = periodText(skip.frequency, skip.period);
  const what = `Your ${skip.frequency} auto-save of ${amount(skip.amountUsdt, 'USDT')} did not buy gold for ${when}`;
  const lines =
    skip.reason === 'cap'
      ? [
          `${what}: it would have taken this month's auto-save purchases past your monthly cap${
            skip.capUsdt ? ` of ${amount(skip.capUsdt, 'USDT')}` : ''
          }. Nothing was taken.`,
          'Auto-save skips until a new month starts (we will not write about each skip), or raise the cap in your plan.',
        ]
      : [
          `${what}: your USDT balance was too low. Nothing was taken.`,
          `Add USDT to your wallet before ${NEXT_PERIOD[skip.frequency]}, or change the amount in your plan.`,
        ];
  return message(to, `Your GAE auto-save for ${when} was skipped`, [`Hello ${username},`, ...lines], {
    label: 'Open your GAE plan',
    url: `${publicUrl}/GAE/Purchase`,
  });
}

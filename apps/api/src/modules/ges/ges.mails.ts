import { GES_MISSES_TO_LAPSE, type GesMembership } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';
import { amount, message } from '../../lib/mail-layout.js';
import type { GesMailEvent } from './ges.service.js';

/** The member's mails: joined, an instalment missed, lapsed, matured. */
export function gesMail(
  to: string,
  username: string,
  link: string,
  groupName: string,
  event: GesMailEvent,
  m: GesMembership,
  seq?: number,
): MailMessage {
  const open = { label: 'Open your passbook', url: link };
  const hello = `Hello ${username},`;
  if (event === 'joined')
    return message(
      to,
      `Welcome to ${groupName}`,
      [
        hello,
        `You joined the gold savings group ${groupName}. Your first instalment bought ${amount(m.passbook[0]?.grams ?? '0', 'GOLD')}.`,
        m.nextDue
          ? `Next instalment: ${amount(m.nextDue.amountUsdt, 'USDT')} on ${m.nextDue.dueOn}. Keep it in your wallet on that day.`
          : 'This was your only instalment.',
      ],
      open,
    );
  if (event === 'missed')
    return message(
      to,
      `Your ${groupName} instalment was missed`,
      [
        hello,
        `Instalment ${seq ?? ''} of ${groupName} could not be taken: your USDT balance was too low. Nothing was taken.`,
        `Missed so far: ${m.passbook.filter((l) => l.status === 'missed' && l.seq <= (seq ?? l.seq)).length} of ${GES_MISSES_TO_LAPSE}. A third missed instalment ends your membership without the bonus.`,
      ],
      open,
    );
  if (event === 'lapsed')
    return message(
      to,
      `Your ${groupName} membership has lapsed`,
      [
        hello,
        `Three instalments of ${groupName} were missed, so your membership has ended.`,
        'The grams you saved are in your gold savings account (GSA); no maturity bonus is paid.',
      ],
      open,
    );
  return message(
    to,
    `Your ${groupName} savings have matured`,
    [
      hello,
      `Your membership of ${groupName} is complete. Your grams${
        m.bonusGrams && m.bonusGrams !== '0' ? ` and a bonus of ${amount(m.bonusGrams, 'GOLD')}` : ''
      } are now in your gold savings account (GSA).`,
    ],
    open,
  );
}

/** The member's notification in the app of the same events. */
export function gesNotice(groupName: string, event: GesMailEvent, seq: number) {
  switch (event) {
    case 'joined':
      return { title: `You joined ${groupName}`, body: 'Your first instalment is in your passbook.' };
    case 'taken':
      return { title: `${groupName}: instalment ${seq} taken`, body: `Instalment ${seq} was paid from your wallet.` };
    case 'missed':
      return {
        title: `${groupName}: instalment ${seq} missed`,
        body: 'Your USDT balance was too low, so nothing was taken. Keep the instalment in your wallet on its day.',
      };
    case 'lapsed':
      return {
        title: `${groupName}: membership lapsed`,
        body: 'Three instalments were missed. Your grams are in your gold savings account; no bonus is paid.',
      };
    case 'matured':
      return {
        title: `${groupName} matured`,
        body: 'Your savings and the maturity bonus are in your gold savings account.',
      };
  }
}

import type { Ticket } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';
import { message } from '../gae/gae.mails.js';

/* The support mails: the team's copy of a new ticket, the sender's receipt, a reply. */

export function ticketToSupportMail(to: string, publicUrl: string, t: Ticket, sender: { name: string; email: string }) {
  return message(
    to,
    `New support ticket ${t.code}: ${t.subject}`,
    [`From ${sender.name} <${sender.email}>.`, t.messages[0]?.body ?? ''],
    { label: 'Answer it in the back office', url: `${publicUrl}/admin/support` },
  );
}

export function ticketReceiptMail(
  to: string,
  name: string,
  publicUrl: string,
  t: Ticket,
  signedIn: boolean,
): MailMessage {
  return message(
    to,
    `We received your message (${t.code})`,
    [
      `Hello ${name},`,
      `Thank you for writing to us about "${t.subject}". Your reference is ${t.code}; we answer within one working day.`,
    ],
    signedIn
      ? { label: 'Follow it in your Support Center', url: `${publicUrl}/support` }
      : { label: 'Visit QMGT', url: publicUrl },
  );
}

export function ticketReplyMail(
  to: string,
  name: string,
  publicUrl: string,
  t: Ticket,
  signedIn: boolean,
): MailMessage {
  const reply = [...t.messages].reverse().find((m) => m.from === 'support');
  return message(
    to,
    `Reply to your message (${t.code})`,
    [`Hello ${name},`, `Our support team answered your message "${t.subject}":`, reply?.body ?? ''],
    signedIn
      ? { label: 'Read it in your Support Center', url: `${publicUrl}/support` }
      : { label: 'Visit QMGT', url: publicUrl },
  );
}

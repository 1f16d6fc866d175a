import type { Ticket } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';
import { message } from '../../lib/mail-layout.js';

/* The support mails: the team's copy of a new ticket, the sender's receipt, a reply. */

export function ticketToSupportMail(to: string, publicUrl: string, t: Ticket, sender: { name: string; email: string }) {
  return message(
    to,
    `New support ticket ${t.code}: ${t.subject}`,
    [`From ${sender.name} <${sender.email}>.`, t.messages[0]?.body ?? ''],
    { label: 'Answer it in the back office', url: `${publicUrl}/admin/content` },
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

/** `reply`: this mail's own answer (two answers in a row are two mails, each with its text). */
export function ticketReplyMail(
  to: string,
  name: string,
  publicUrl: string,
  t: Ticket,
  reply: string,
  signedIn: boolean,
): MailMessage {
  return message(
    to,
    `Reply to your message (${t.code})`,
    [`Hello ${name},`, `Our support team answered your message "${t.subject}":`, reply],
    signedIn
      ? { label: 'Read it in your Support Center', url: `${publicUrl}/support` }
      : { label: 'Visit QMGT', url: publicUrl },
  );
}

/** The team's copy of a customer's follow-up: the new message, not the whole thread. */
export function ticketFollowUpToSupportMail(
  to: string,
  publicUrl: string,
  t: Ticket,
  sender: { name: string; email: string },
  body: string,
): MailMessage {
  return message(
    to,
    `Follow-up on support ticket ${t.code}: ${t.subject}`,
    [`From ${sender.name} <${sender.email}>.`, body],
    { label: 'Answer it in the back office', url: `${publicUrl}/admin/content` },
  );
}

/** A follow-up is only possible signed in: the receipt points to the Support Center. */
export function ticketFollowUpReceiptMail(to: string, name: string, publicUrl: string, t: Ticket): MailMessage {
  return message(
    to,
    `We received your follow-up (${t.code})`,
    [
      `Hello ${name},`,
      `Thank you for your follow-up on "${t.subject}". Your reference is still ${t.code}; we answer within one working day.`,
    ],
    { label: 'Follow it in your Support Center', url: `${publicUrl}/support` },
  );
}

export function ticketClosedMail(
  to: string,
  name: string,
  publicUrl: string,
  t: Ticket,
  signedIn: boolean,
): MailMessage {
  return message(
    to,
    `Your message is closed (${t.code})`,
    [
      `Hello ${name},`,
      `Our support team closed your message "${t.subject}". If you need anything else, write to us again: a new message gets a new reference.`,
    ],
    signedIn
      ? { label: 'Read it in your Support Center', url: `${publicUrl}/support` }
      : { label: 'Write to us', url: `${publicUrl}/contact-us` },
  );
}

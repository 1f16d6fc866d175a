import type { Db } from '../../db/client.js';
import { createMailboxTransport } from './mailbox.js';
import { createSmtpTransport } from './smtp.js';
import type { MailTransport } from './port.js';

export function createMailTransport(options: { smtpUrl: string | undefined; mailFrom: string; db: Db }): MailTransport {
  return options.smtpUrl ? createSmtpTransport(options.smtpUrl, options.mailFrom) : createMailboxTransport(options.db);
}
export type { MailMessage, MailTransport } from './port.js';

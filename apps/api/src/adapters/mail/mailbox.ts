import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devMailbox } from './mail.schema.js';
import type { MailMessage, MailTransport } from './port.js';

/** The sandbox transport: keeps every message in the database for /api/dev/mailbox. */
export function createMailboxTransport(db: Db): MailTransport {
  return {
    kind: 'mailbox',
    async send(message: MailMessage) {
      await db
        .insert(devMailbox)
        .values({ to: message.to.toLowerCase(), subject: message.subject, text: message.text, html: message.html });
    },
    async close() {},
  };
}

export async function listMailbox(db: Db, to: string | undefined, limit = 100) {
  const rows = await db
    .select()
    .from(devMailbox)
    .where(to ? eq(devMailbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    createdAt: r.createdAt.toISOString(),
  }));
}

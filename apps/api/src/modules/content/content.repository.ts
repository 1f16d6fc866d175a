import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AdminTicketQueue, CursorKey } from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import { keyText, newerThan, olderThan } from '../../lib/keyset.js';
import { announcements, supportMessages, supportTickets, termsAcceptances, termsVersions } from './content.schema.js';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type TermsRow = typeof termsVersions.$inferSelect;
export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;

/** Listed announcements: pinned first, then newest. */
export async function listedAnnouncements(db: Db, limit = 100): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .where(isNull(announcements.withdrawnAt))
    .orderBy(desc(announcements.pinned), desc(announcements.publishedAt))
    .limit(limit);
}

export async function announcementById(db: Db, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), isNull(announcements.withdrawnAt)));
  return row;
}

export async function insertAnnouncement(db: Db, values: typeof announcements.$inferInsert) {
  const [row] = await db.insert(announcements).values(values).returning();
  return row!;
}

export async function updateAnnouncement(db: Db, id: string, values: { title: string; body: string; pinned: boolean }) {
  const [row] = await db
    .update(announcements)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(announcements.id, id), isNull(announcements.withdrawnAt)))
    .returning();
  return row;
}

export async function withdrawAnnouncement(db: Db, id: string) {
  const [row] = await db
    .update(announcements)
    .set({ withdrawnAt: new Date() })
    .where(and(eq(announcements.id, id), isNull(announcements.withdrawnAt)))
    .returning();
  return row;
}

export async function currentTerms(db: Db): Promise<TermsRow | undefined> {
  const [row] = await db.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1);
  return row;
}

/**
 * Publishes `values` as the first terms when none exist, once however many processes start
 * together (a transaction-scoped advisory lock). The version when this call published them.
 */
export async function insertFirstTerms(db: Db, values: typeof termsVersions.$inferInsert): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('content.first-terms'))`);
    const [existing] = await tx.select({ version: termsVersions.version }).from(termsVersions).limit(1);
    if (existing) return undefined;
    const [row] = await tx.insert(termsVersions).values(values).returning({ version: termsVersions.version });
    return row?.version;
  });
}

export async function insertTerms(db: Db, values: typeof termsVersions.$inferInsert) {
  const [row] = await db.insert(termsVersions).values(values).returning();
  return row!;
}

export async function latestAcceptance(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: sql<number>`max(${termsAcceptances.version})` })
    .from(termsAcceptances)
    .where(eq(termsAcceptances.userId, userId));
  return row?.version ?? null;
}

export async function accept(db: Db, userId: string, version: number, ip: string | null) {
  await db.insert(termsAcceptances).values({ userId, version, ip }).onConflictDoNothing();
}

/** Owes a message's mails in the transaction that writes it (the outbox's `owe`). */
export type OweMail = (tx: Tx, id: string) => Promise<void>;

/** A ticket and its first message, together, with the message's mails owed. */
export async function insertTicket(db: Db, ticket: typeof supportTickets.$inferInsert, body: string, owe: OweMail) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(supportTickets).values(ticket).returning();
    const [message] = await tx
      .insert(supportMessages)
      .values({ ticketId: row!.id, author: 'customer', authorId: ticket.userId ?? null, body })
      .returning({ id: supportMessages.id });
    await owe(tx, message!.id);
    return { ticket: row!, messageId: message!.id };
  });
}

export async function ticketById(db: Db, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  return row;
}

/** A customer's tickets, latest change first: one page from the cursor (support_tickets_user_key_idx). */
export async function ticketsOfPage(db: Db, userId: string, cursor: CursorKey | undefined, limit: number) {
  return db
    .select({ row: supportTickets, key: keyText(supportTickets.updatedAt) })
    .from(supportTickets)
    .where(and(eq(supportTickets.userId, userId), olderThan(supportTickets.updatedAt, supportTickets.id, cursor)))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(limit);
}

/**
 * The operator's queue, one page from the cursor: the open tickets oldest first (the next to
 * answer on top), any other queue latest change first; a range of support_tickets_queue_key_idx
 * (or support_tickets_updated_idx for all), so a page costs its rows, not the table.
 */
export async function ticketQueuePage(db: Db, queue: AdminTicketQueue, cursor: CursorKey | undefined, limit: number) {
  const oldestFirst = queue === 'open';
  return db
    .select({ row: supportTickets, key: keyText(supportTickets.updatedAt) })
    .from(supportTickets)
    .where(
      and(
        queue === 'all' ? undefined : eq(supportTickets.status, queue),
        (oldestFirst ? newerThan : olderThan)(supportTickets.updatedAt, supportTickets.id, cursor),
      ),
    )
    .orderBy(
      ...(oldestFirst
        ? [asc(supportTickets.updatedAt), asc(supportTickets.id)]
        : [desc(supportTickets.updatedAt), desc(supportTickets.id)]),
    )
    .limit(limit);
}

export async function messagesOf(db: Db, ticketIds: string[]): Promise<Map<string, MessageRow[]>> {
  const map = new Map<string, MessageRow[]>();
  if (ticketIds.length === 0) return map;
  const rows = await db
    .select()
    .from(supportMessages)
    .where(inArray(supportMessages.ticketId, ticketIds))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  for (const row of rows) map.set(row.ticketId, [...(map.get(row.ticketId) ?? []), row]);
  return map;
}

/**
 * A message on a ticket, and the ticket's new status (answered by support, open again by the
 * customer); undefined, with nothing written, when the ticket is closed. The status update
 * comes first and names the closed state in its WHERE: it takes the row's lock, so a close
 * that lands at the same moment is either before it (nothing written) or after it.
 */
export async function addMessage(
  db: Db,
  ticketId: string,
  message: { author: 'customer' | 'support'; authorId: string | null; body: string },
  owe: OweMail,
): Promise<MessageRow | undefined> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(supportTickets)
      .set({ status: message.author === 'support' ? 'answered' : 'open', updatedAt: new Date() })
      .where(and(eq(supportTickets.id, ticketId), ne(supportTickets.status, 'closed')))
      .returning({ id: supportTickets.id });
    if (!ticket) return undefined;
    const [row] = await tx
      .insert(supportMessages)
      .values({ ticketId, ...message })
      .returning();
    await owe(tx, row!.id);
    return row!;
  });
}

/** Closes a ticket that is not closed yet, its mail owed; undefined when it is (or does not exist). */
export async function closeTicket(db: Db, id: string, owe: OweMail): Promise<TicketRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportTickets)
      .set({ status: 'closed', updatedAt: new Date() })
      .where(and(eq(supportTickets.id, id), ne(supportTickets.status, 'closed')))
      .returning();
    if (row) await owe(tx, row.id);
    return row;
  });
}

/* ---- The support mails: owed in the outbox by the writes above, read when they are sent ---- */

/** A message, with its ticket and whether it opened the ticket (what its mails say). */
export async function messageWithTicket(
  db: Db,
  id: string,
): Promise<{ message: MessageRow; ticket: TicketRow; opensTicket: boolean } | undefined> {
  const [message] = await db.select().from(supportMessages).where(eq(supportMessages.id, id));
  if (!message) return undefined;
  const ticket = await ticketById(db, message.ticketId);
  if (!ticket) return undefined;
  const [first] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, message.ticketId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id))
    .limit(1);
  return { message, ticket, opensTicket: first?.id === message.id };
}

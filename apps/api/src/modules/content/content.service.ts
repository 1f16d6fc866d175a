import { randomBytes } from 'node:crypto';
import {
  cutPage,
  type AdminTicketsQuery,
  type AdminTicketsResponse,
  type Announcement,
  type AnnouncementInput,
  type ContactRequest,
  type Terms,
  type TermsInput,
  type TermsStatus,
  type Ticket,
  type TicketsQuery,
  type TicketsResponse,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import type { Outbox } from '../../platform/outbox/index.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { usersService } from '../users/index.js';
import * as repo from './content.repository.js';
import type { AnnouncementRow, TermsRow, TicketRow } from './content.repository.js';
import { DEFAULT_TERMS } from './content.default-terms.js';

/** The support mails, as outbox kinds, each owed in the transaction that writes its message or close. */
export const SUPPORT_MAILS = {
  /** A message's mails: a new ticket or a follow-up to support with a receipt, a reply to the sender. */
  message: 'support.message',
  ticketClosed: 'support.ticket-closed',
} as const;
/** A message's or a closed ticket's id. */
export interface SupportMail {
  id: string;
}

const CLOSED_FOR_CUSTOMER = 'This ticket is closed. Send a new message from the contact form.';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A ticket reference a person can read out: ST- and 8 characters. */
function ticketCode(): string {
  const bytes = randomBytes(8);
  return `ST-${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}

const announcementWire = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  title: row.title,
  body: row.body,
  pinned: row.pinned,
  publishedAt: row.publishedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const termsWire = (row: TermsRow): Terms => ({
  version: row.version,
  title: row.title,
  body: row.body,
  publishedAt: row.publishedAt.toISOString(),
});

/** Announcements, terms and support tickets: plain content, every operator change audited. */
export function createContentService(deps: { db: Db; outbox: Pick<Outbox, 'owe'>; now?: () => Date }) {
  const { db } = deps;

  const oweMessageMail: repo.OweMail = (tx, id) =>
    deps.outbox.owe(tx, { kind: SUPPORT_MAILS.message, key: `${SUPPORT_MAILS.message}:${id}`, payload: { id } });
  const oweCloseMail: repo.OweMail = (tx, id) =>
    deps.outbox.owe(tx, {
      kind: SUPPORT_MAILS.ticketClosed,
      key: `${SUPPORT_MAILS.ticketClosed}:${id}`,
      payload: { id },
    });

  async function ticketsWire(rows: TicketRow[]): Promise<Ticket[]> {
    const messages = await repo.messagesOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      subject: row.subject,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      messages: (messages.get(row.id) ?? []).map((m) => ({
        id: m.id,
        from: m.author,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
      })),
    }));
  }

  async function adminTicketsWire(rows: TicketRow[]) {
    const wires = await ticketsWire(rows);
    const users = await usersService.byIds(
      db,
      rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    );
    return wires.map((wire, i) => ({
      ...wire,
      name: rows[i]!.name,
      email: rows[i]!.email,
      username: rows[i]!.userId ? (users.get(rows[i]!.userId!)?.username ?? null) : null,
    }));
  }

  async function ownTicket(userId: string, id: string): Promise<TicketRow> {
    const row = await repo.ticketById(db, id);
    if (!row || row.userId !== userId) throw notFound('Ticket not found.');
    return row;
  }

  return {
    async announcements(): Promise<Announcement[]> {
      return (await repo.listedAnnouncements(db)).map(announcementWire);
    },
    async announcement(id: string): Promise<Announcement> {
      const row = await repo.announcementById(db, id);
      if (!row) throw notFound('Announcement not found.');
      return announcementWire(row);
    },
    async publishAnnouncement(operatorId: string, input: AnnouncementInput, ip: string | null) {
      const row = await repo.insertAnnouncement(db, {
        title: input.title.trim(),
        body: input.body,
        pinned: input.pinned,
        createdBy: operatorId,
      });
      await audit(db, { action: 'content.announcement.publish', actorId: operatorId, detail: row.title, ip });
      return announcementWire(row);
    },
    async editAnnouncement(operatorId: string, id: string, input: AnnouncementInput, ip: string | null) {
      const row = await repo.updateAnnouncement(db, id, {
        title: input.title.trim(),
        body: input.body,
        pinned: input.pinned,
      });
      if (!row) throw notFound('Announcement not found.');
      await audit(db, { action: 'content.announcement.edit', actorId: operatorId, detail: row.title, ip });
      return announcementWire(row);
    },
    async withdrawAnnouncement(operatorId: string, id: string, ip: string | null) {
      const row = await repo.withdrawAnnouncement(db, id);
      if (!row) throw notFound('Announcement not found.');
      await audit(db, { action: 'content.announcement.withdraw', actorId: operatorId, detail: row.title, ip });
      return announcementWire(row);
    },

    async terms(): Promise<Terms> {
      const row = await repo.currentTerms(db);
      if (!row) throw notFound('No terms and conditions are published yet.');
      return termsWire(row);
    },
    /** A fresh installation's terms (content.default-terms.ts): published once, the operator's to replace. */
    async ensureDefaultTerms(): Promise<void> {
      const version = await repo.insertFirstTerms(db, { ...DEFAULT_TERMS, publishedBy: null });
      if (version !== undefined)
        await audit(db, {
          action: 'content.terms.publish',
          detail: `version ${version} (default, at first start)`,
          ip: null,
        });
    },
    async publishTerms(operatorId: string, input: TermsInput, ip: string | null): Promise<Terms> {
      const row = await repo.insertTerms(db, { title: input.title.trim(), body: input.body, publishedBy: operatorId });
      await audit(db, { action: 'content.terms.publish', actorId: operatorId, detail: `version ${row.version}`, ip });
      return termsWire(row);
    },
    async termsStatus(userId: string): Promise<TermsStatus> {
      const [current, acceptedVersion] = await Promise.all([repo.currentTerms(db), repo.latestAcceptance(db, userId)]);
      return {
        current: current ? termsWire(current) : null,
        acceptedVersion,
        // The shipped default terms (published by no one) are accepted at sign-up but never
        // prompted for: accounts that predate them (the first operator, an upgraded install)
        // are asked once the operator publishes terms of their own.
        mustAccept: !!current && current.publishedBy !== null && (acceptedVersion ?? 0) < current.version,
      };
    },
    /** Accepts the current version; an older one is refused (the user must read the new one). */
    async acceptTerms(userId: string, version: number, ip: string | null): Promise<TermsStatus> {
      const current = await repo.currentTerms(db);
      if (!current) throw notFound('No terms and conditions are published yet.');
      if (version !== current.version)
        throw conflict(`Version ${current.version} is the current one: read it and accept it.`, {
          current: current.version,
        });
      await repo.accept(db, userId, version, ip);
      return this.termsStatus(userId);
    },
    /** At sign-up: the version the form showed is the current one when the account is made. */
    async recordSignUpAcceptance(userId: string, ip: string | null): Promise<void> {
      const current = await repo.currentTerms(db);
      if (current) await repo.accept(db, userId, current.version, ip);
    },

    /** POST /contact: a ticket, linked to the sender's account when signed in; support and the sender are mailed. */
    async contact(input: ContactRequest, userId: string | null): Promise<{ code: string }> {
      const { ticket } = await repo.insertTicket(
        db,
        {
          code: ticketCode(),
          userId,
          name: input.name.trim(),
          email: input.email.trim(),
          subject: input.subject.trim(),
        },
        input.message,
        oweMessageMail,
      );
      return { code: ticket.code };
    },
    /** GET /support/tickets: the caller's tickets with their messages, a page by key. */
    async tickets(userId: string, query: TicketsQuery): Promise<TicketsResponse> {
      const page = cutPage(
        await repo.ticketsOfPage(db, userId, query.cursor, query.pageSize + 1),
        query.pageSize,
        (r) => ({
          at: r.key,
          id: r.row.id,
        }),
      );
      return { data: await ticketsWire(page.items.map((r) => r.row)), nextCursor: page.nextCursor };
    },
    async ticket(userId: string, id: string): Promise<Ticket> {
      const [wire] = await ticketsWire([await ownTicket(userId, id)]);
      return wire!;
    },
    /** A closed ticket takes no follow-up (409): the customer writes a new message instead. */
    async customerReply(userId: string, id: string, body: string): Promise<Ticket> {
      const row = await ownTicket(userId, id);
      if (row.status === 'closed') throw conflict(CLOSED_FOR_CUSTOMER);
      const message = await repo.addMessage(db, id, { author: 'customer', authorId: userId, body }, oweMessageMail);
      // Closed by an operator between the check and the write: nothing was written.
      if (!message) throw conflict(CLOSED_FOR_CUSTOMER);
      return this.ticket(userId, id);
    },
    /** GET /admin/support/tickets: one queue (open by default), a page by key, messages and people in one query each. */
    async ticketQueue(query: AdminTicketsQuery): Promise<AdminTicketsResponse> {
      const page = cutPage(
        await repo.ticketQueuePage(db, query.status, query.cursor, query.pageSize + 1),
        query.pageSize,
        (r) => ({ at: r.key, id: r.row.id }),
      );
      return { data: await adminTicketsWire(page.items.map((r) => r.row)), nextCursor: page.nextCursor };
    },
    async supportReply(operatorId: string, id: string, body: string, ip: string | null) {
      const row = await repo.ticketById(db, id);
      if (!row) throw notFound('Ticket not found.');
      const message =
        row.status === 'closed'
          ? undefined
          : await repo.addMessage(db, id, { author: 'support', authorId: operatorId, body }, oweMessageMail);
      if (!message) throw conflict(`${row.code} is closed: a closed ticket takes no more answers.`);
      await audit(db, {
        action: 'support.ticket.reply',
        actorId: operatorId,
        subjectId: row.userId,
        detail: row.code,
        ip,
      });
      const [wire] = await adminTicketsWire([(await repo.ticketById(db, id))!]);
      return wire!;
    },
    /** The operator closes a ticket: final for both sides (decision 009); audited, the sender mailed. */
    async closeTicket(operatorId: string, id: string, ip: string | null) {
      const row = await repo.ticketById(db, id);
      if (!row) throw notFound('Ticket not found.');
      const closed = await repo.closeTicket(db, id, oweCloseMail);
      if (!closed) throw conflict(`${row.code} is already closed.`);
      await audit(db, {
        action: 'support.ticket.close',
        actorId: operatorId,
        subjectId: row.userId,
        detail: row.code,
        ip,
      });
      const [wire] = await adminTicketsWire([closed]);
      return wire!;
    },

    /** A message and what its mails say (the outbox's sender reads it when it sends them). */
    async messageForMail(messageId: string) {
      const found = await repo.messageWithTicket(db, messageId);
      if (!found) return undefined;
      const [ticket] = await ticketsWire([found.ticket]);
      return { ...found, wire: ticket! };
    },
    /** A closed ticket, for its close mail. */
    async closeForMail(ticketId: string) {
      const row = await repo.ticketById(db, ticketId);
      if (!row || row.status !== 'closed') return undefined;
      const [ticket] = await ticketsWire([row]);
      return { row, wire: ticket! };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

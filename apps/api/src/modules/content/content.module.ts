import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import {
  CONTENT_MAIL_JOBS,
  createContentService,
  type ContentService,
  type FollowUpMailJob,
  type TicketMailJob,
} from './content.service.js';
import { contentRoutes } from './content.routes.js';
import {
  ticketClosedMail,
  ticketFollowUpReceiptMail,
  ticketFollowUpToSupportMail,
  ticketReceiptMail,
  ticketReplyMail,
  ticketToSupportMail,
} from './content.mails.js';

declare module '../../services.js' {
  interface Services {
    content: ContentService;
  }
}

/** Announcements, terms and support (issue 13): routes, the support mails (every step of a ticket), sign-up's acceptance. */
export default fp(
  async (app) => {
    const content = createContentService({ db: app.database.db, jobs: app.jobs });
    app.services.content = content;
    const { mail } = app.services;
    const publicUrl = app.config.publicUrl;

    await app.jobs.register<TicketMailJob>(CONTENT_MAIL_JOBS.ticketOpened, async (job) => {
      const found = await content.ticketForMail(job.ticketId);
      if (!found) return;
      const { row, ticket } = found;
      await mail.send(ticketToSupportMail(app.config.supportEmail, publicUrl, ticket, row));
      await mail.send(ticketReceiptMail(row.email, row.name, publicUrl, ticket, row.userId !== null));
    });
    await app.jobs.register<TicketMailJob>(CONTENT_MAIL_JOBS.ticketReplied, async (job) => {
      const found = await content.ticketForMail(job.ticketId);
      if (!found) return;
      await mail.send(
        ticketReplyMail(found.row.email, found.row.name, publicUrl, found.ticket, found.row.userId !== null),
      );
    });

    await app.jobs.register<FollowUpMailJob>(CONTENT_MAIL_JOBS.ticketFollowedUp, async (job) => {
      const found = await content.ticketForMail(job.ticketId);
      const followUp = found?.ticket.messages.find((m) => m.id === job.messageId);
      if (!found || !followUp) return;
      const { row, ticket } = found;
      await mail.send(ticketFollowUpToSupportMail(app.config.supportEmail, publicUrl, ticket, row, followUp.body));
      await mail.send(ticketFollowUpReceiptMail(row.email, row.name, publicUrl, ticket));
    });
    await app.jobs.register<TicketMailJob>(CONTENT_MAIL_JOBS.ticketClosed, async (job) => {
      const found = await content.ticketForMail(job.ticketId);
      if (!found) return;
      await mail.send(
        ticketClosedMail(found.row.email, found.row.name, publicUrl, found.ticket, found.row.userId !== null),
      );
    });

    // Sign-up accepts the terms shown on its form: recorded beside the new account.
    app.services.auth.onRegistered(async (userId, origin) => {
      await content.recordSignUpAcceptance(userId, origin.ip);
    });

    // The contact form is public: a few messages per address and window.
    const contactLimit = {
      max: Math.max(5, Math.floor(app.config.rateLimit.authMax / 4)),
      timeWindow: app.config.rateLimit.windowMs,
    };
    await app.register(contentRoutes, { prefix: API_BASE, content, contactLimit });
  },
  { name: 'module:content', dependencies: ['auth'] },
);

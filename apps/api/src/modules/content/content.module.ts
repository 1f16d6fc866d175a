import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { CONTENT_MAIL_JOBS, createContentService, type ContentService, type TicketMailJob } from './content.service.js';
import { contentRoutes } from './content.routes.js';
import { ticketReceiptMail, ticketReplyMail, ticketToSupportMail } from './content.mails.js';

declare module '../../services.js' {
  interface Services {
    content: ContentService;
  }
}

/** Announcements, terms and support (issue 13): routes, the support mails, sign-up's acceptance. */
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

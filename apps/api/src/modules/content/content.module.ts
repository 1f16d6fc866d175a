import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import {
  CONTENT_MAIL_JOBS,
  createContentService,
  type ContentService,
  MAIL_SWEEP_AFTER_MS,
  type MessageMailJob,
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

    await app.jobs.register<MessageMailJob>(CONTENT_MAIL_JOBS.message, async (job) => {
      const owed = await content.messageForMail(job.messageId);
      if (!owed) return;
      const { ticket, message, wire } = owed;
      const signedIn = ticket.userId !== null;
      if (message.author === 'support') {
        await mail.send(ticketReplyMail(ticket.email, ticket.name, publicUrl, wire, message.body, signedIn));
      } else if (owed.opensTicket) {
        await mail.send(ticketToSupportMail(app.config.supportEmail, publicUrl, wire, ticket));
        await mail.send(ticketReceiptMail(ticket.email, ticket.name, publicUrl, wire, signedIn));
      } else {
        await mail.send(ticketFollowUpToSupportMail(app.config.supportEmail, publicUrl, wire, ticket, message.body));
        await mail.send(ticketFollowUpReceiptMail(ticket.email, ticket.name, publicUrl, wire));
      }
      // Marked after sending: a crash in between sends a mail twice, never loses one.
      await content.markMessageMailed(message.id);
    });
    await app.jobs.register<TicketMailJob>(CONTENT_MAIL_JOBS.ticketClosed, async (job) => {
      const owed = await content.closeForMail(job.ticketId);
      if (!owed) return;
      const { row, wire } = owed;
      await mail.send(ticketClosedMail(row.email, row.name, publicUrl, wire, row.userId !== null));
      await content.markCloseMailed(row.id);
    });

    // Every process sweeps, and need not be the only one: a sweep claims what it queues, and
    // the job sends only what is still unmarked.
    const timer = setInterval(() => {
      content.sweepMails().catch((error: unknown) => app.log.error({ err: error }, 'support mail sweep failed'));
    }, MAIL_SWEEP_AFTER_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

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

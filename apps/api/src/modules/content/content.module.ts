import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { SUPPORT_MAILS, createContentService, type ContentService, type SupportMail } from './content.service.js';
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
    const content = createContentService({ db: app.database.db, outbox: app.outbox });
    app.services.content = content;
    // Sign-up links the terms: a fresh installation has some to show from its first start.
    await content.ensureDefaultTerms();
    const { mail, notifications } = app.services;
    const publicUrl = app.config.publicUrl;

    app.outbox.handle<SupportMail>(SUPPORT_MAILS.message, async (owed, delivery) => {
      const found = await content.messageForMail(owed.id);
      if (!found) return;
      const { ticket, message, wire } = found;
      const signedIn = ticket.userId !== null;
      // Both of a message's mails are one outbox message: a crash between them repeats the first.
      if (message.author === 'support') {
        const reply = () =>
          mail.send(ticketReplyMail(ticket.email, ticket.name, publicUrl, wire, message.body, signedIn));
        // A customer with an account reads it in the app too; a contact-form writer by mail only.
        if (ticket.userId === null) await reply();
        else
          await notifications.deliver(
            {
              userId: ticket.userId,
              kind: 'support',
              key: delivery.key,
              title: `Support replied: ${wire.subject}`,
              body: message.body.length > 200 ? `${message.body.slice(0, 199)}…` : message.body,
              link: '/support',
            },
            reply,
          );
      } else if (found.opensTicket) {
        await mail.send(ticketToSupportMail(app.config.supportEmail, publicUrl, wire, ticket));
        await mail.send(ticketReceiptMail(ticket.email, ticket.name, publicUrl, wire, signedIn));
      } else {
        await mail.send(ticketFollowUpToSupportMail(app.config.supportEmail, publicUrl, wire, ticket, message.body));
        await mail.send(ticketFollowUpReceiptMail(ticket.email, ticket.name, publicUrl, wire));
      }
    });
    app.outbox.handle<SupportMail>(SUPPORT_MAILS.ticketClosed, async (owed, delivery) => {
      const found = await content.closeForMail(owed.id);
      if (!found) return;
      const { row, wire } = found;
      const closed = () => mail.send(ticketClosedMail(row.email, row.name, publicUrl, wire, row.userId !== null));
      if (row.userId === null) return closed();
      await notifications.deliver(
        {
          userId: row.userId,
          kind: 'support',
          key: delivery.key,
          title: `Ticket closed: ${wire.subject}`,
          body: `Your support ticket ${wire.code} is closed. Write again from the support page if you need more help.`,
          link: '/support',
        },
        closed,
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
  { name: 'module:content', dependencies: ['auth', 'outbox', 'module:notifications'] },
);

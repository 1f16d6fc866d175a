import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTicketResponseSchema,
  adminTicketsQuerySchema,
  adminTicketsResponseSchema,
  announcementInputSchema,
  announcementResponseSchema,
  announcementsResponseSchema,
  apiPaths,
  contactRequestSchema,
  contactResponseSchema,
  termsAcceptSchema,
  termsInputSchema,
  termsSchema,
  termsStatusSchema,
  ticketReplySchema,
  ticketResponseSchema,
  ticketsQuerySchema,
  ticketsResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { bearerToken, currentAuth } from '../../plugins/auth.js';
import type { ContentService } from './content.service.js';

/** Announcements, terms, the contact form and the Support Center, with the operator's side. */
export const contentRoutes: FastifyPluginAsync<{
  content: ContentService;
  contactLimit: { max: number; timeWindow: number };
}> = async (fastify, { content, contactLimit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['content and support'];
  const route = routeDeclarer({ tags });
  const admin = ['back office'];
  const idParams = (what: string) => z.object({ id: z.uuid({ error: `${what} not found.` }) });

  app.get(
    apiPaths.announcements,
    route({
      summary: 'Published announcements, pinned first, then newest (public)',
      ok: announcementsResponseSchema,
    }),
    async () => ({ data: await content.announcements() }),
  );
  app.get(
    '/announcements/:id',
    {
      config: { errorStatuses: [404] },
      schema: {
        tags,
        summary: 'One announcement (public)',
        params: idParams('Announcement'),
        response: { 200: announcementResponseSchema },
      },
    },
    async (request) => ({ announcement: await content.announcement(request.params.id) }),
  );

  app.get(
    apiPaths.terms,
    {
      config: { errorStatuses: [404] },
      schema: { tags, summary: 'The current terms and conditions (public)', response: { 200: termsSchema } },
    },
    async () => content.terms(),
  );
  app.get(
    apiPaths.termsStatus,
    route({
      guard: app.requireUser,
      summary: "The caller's acceptance of the current terms",
      ok: termsStatusSchema,
    }),
    async (request) => content.termsStatus(currentAuth(request).user.id),
  );
  app.post(
    apiPaths.termsAccept,
    route({
      guard: app.requireUser,
      // 404 no terms; 409 not the current version.
      config: { errorStatuses: [404, 409] },
      summary: 'Accept the current terms',
      body: termsAcceptSchema,
      ok: termsStatusSchema,
    }),
    async (request) => content.acceptTerms(currentAuth(request).user.id, request.body.version, request.ip),
  );

  // Public; a signed-in sender's ticket joins their Support Center.
  const signedInIfBearer = async (request: FastifyRequest) => {
    if (bearerToken(request)) await app.requireUser(request);
  };
  app.post(
    apiPaths.contact,
    {
      onRequest: signedInIfBearer,
      config: { rateLimit: contactLimit, errorStatuses: [429] },
      schema: {
        tags,
        summary: 'Send a message to support (public, rate-limited): opens a ticket, mails support and the sender',
        body: contactRequestSchema,
        response: { 200: contactResponseSchema },
      },
    },
    async (request) => content.contact(request.body, request.auth?.user.id ?? null),
  );
  app.get(
    apiPaths.supportTickets,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The caller's tickets with the replies, latest change first, paged by key",
        querystring: ticketsQuerySchema,
        response: { 200: ticketsResponseSchema },
      },
    },
    async (request) => content.tickets(currentAuth(request).user.id, request.query),
  );
  app.get(
    '/support/tickets/:id',
    {
      onRequest: app.requireUser,
      config: { errorStatuses: [404] },
      schema: {
        tags,
        summary: "One of the caller's tickets",
        params: idParams('Ticket'),
        response: { 200: ticketResponseSchema },
      },
    },
    async (request) => ({ ticket: await content.ticket(currentAuth(request).user.id, request.params.id) }),
  );
  app.post(
    '/support/tickets/:id/messages',
    {
      onRequest: app.requireUser,
      // 409: the ticket is closed (the customer writes a new message instead).
      config: { errorStatuses: [404, 409] },
      schema: {
        tags,
        summary: "Answer on one of the caller's tickets (support is mailed, the caller gets a receipt)",
        params: idParams('Ticket'),
        body: ticketReplySchema,
        response: { 200: ticketResponseSchema },
      },
    },
    async (request) => ({
      ticket: await content.customerReply(currentAuth(request).user.id, request.params.id, request.body.body),
    }),
  );

  app.post(
    apiPaths.adminAnnouncements,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: admin,
        summary: 'Publish an announcement',
        body: announcementInputSchema,
        response: { 200: announcementResponseSchema },
      },
    },
    async (request) => ({
      announcement: await content.publishAnnouncement(currentAuth(request).user.id, request.body, request.ip),
    }),
  );
  app.post(
    '/admin/announcements/:id/edit',
    {
      onRequest: app.requireOperator,
      config: { errorStatuses: [404] },
      schema: {
        tags: admin,
        summary: 'Correct an announcement',
        params: idParams('Announcement'),
        body: announcementInputSchema,
        response: { 200: announcementResponseSchema },
      },
    },
    async (request) => ({
      announcement: await content.editAnnouncement(
        currentAuth(request).user.id,
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );
  app.post(
    '/admin/announcements/:id/withdraw',
    {
      onRequest: app.requireOperator,
      config: { errorStatuses: [404] },
      schema: {
        tags: admin,
        summary: 'Withdraw an announcement',
        params: idParams('Announcement'),
        response: { 200: announcementResponseSchema },
      },
    },
    async (request) => ({
      announcement: await content.withdrawAnnouncement(currentAuth(request).user.id, request.params.id, request.ip),
    }),
  );
  app.post(
    apiPaths.adminTerms,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: admin,
        summary: 'Publish a new version of the terms; signed-in users are asked to accept it once',
        body: termsInputSchema,
        response: { 200: termsSchema },
      },
    },
    async (request) => content.publishTerms(currentAuth(request).user.id, request.body, request.ip),
  );
  app.get(
    apiPaths.adminTickets,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: admin,
        summary:
          'Support tickets of one queue (open, the default, oldest first; answered, closed or all, latest first), paged by key',
        querystring: adminTicketsQuerySchema,
        response: { 200: adminTicketsResponseSchema },
      },
    },
    async (request) => content.ticketQueue(request.query),
  );
  app.post(
    '/admin/support/tickets/:id/reply',
    {
      onRequest: app.requireOperator,
      // 409: the ticket is closed.
      config: { errorStatuses: [404, 409] },
      schema: {
        tags: admin,
        summary: 'Answer a ticket (the sender is mailed); a closed ticket takes no answer',
        params: idParams('Ticket'),
        body: ticketReplySchema,
        response: { 200: adminTicketResponseSchema },
      },
    },
    async (request) => ({
      ticket: await content.supportReply(
        currentAuth(request).user.id,
        request.params.id,
        request.body.body,
        request.ip,
      ),
    }),
  );
  app.post(
    '/admin/support/tickets/:id/close',
    {
      onRequest: app.requireOperator,
      // 409: already closed.
      config: { errorStatuses: [404, 409] },
      schema: {
        tags: admin,
        summary: 'Close a ticket: no more answers from either side (the sender is mailed)',
        params: idParams('Ticket'),
        response: { 200: adminTicketResponseSchema },
      },
    },
    async (request) => ({
      ticket: await content.closeTicket(currentAuth(request).user.id, request.params.id, request.ip),
    }),
  );
};

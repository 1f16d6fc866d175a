import {
  adminTicketResponseSchema,
  adminTicketsResponseSchema,
  announcementResponseSchema,
  announcementsResponseSchema,
  apiPaths,
  contactResponseSchema,
  termsSchema,
  termsStatusSchema,
  ticketResponseSchema,
  ticketsResponseSchema,
  type AnnouncementInput,
  type ContactRequest,
  type TermsInput,
  type AdminTicketQueue,
} from '@qmgt/contracts';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { refreshingMutation } from '@/lib/refreshing-mutation';

/* Announcements, terms, contact and the Support Center (DESIGN.md section 8). */

export const contentKeys = {
  announcements: () => ['content', 'announcements'] as const,
  announcement: (id: string) => ['content', 'announcements', id] as const,
  terms: () => ['content', 'terms'] as const,
  termsStatus: () => ['content', 'terms', 'status'] as const,
  tickets: () => ['content', 'tickets'] as const,
  adminTickets: () => ['content', 'admin', 'tickets'] as const,
};

export const announcementsQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.announcements(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.announcements, { schema: announcementsResponseSchema, signal, auth: false }),
  });

export const announcementQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contentKeys.announcement(id),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.announcement(id), { schema: announcementResponseSchema, signal, auth: false }),
  });

export const termsQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.terms(),
    queryFn: ({ signal }) => apiRequest(apiPaths.terms, { schema: termsSchema, signal, auth: false }),
  });

export const termsStatusQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.termsStatus(),
    queryFn: ({ signal }) => apiRequest(apiPaths.termsStatus, { schema: termsStatusSchema, signal }),
  });

export const acceptTerms = (version: number) =>
  apiRequest(apiPaths.termsAccept, { method: 'POST', body: { version }, schema: termsStatusSchema });

/** The answer is the new terms status: it becomes the cached one at once (the prompt closes). */
export const acceptTermsMutation = () =>
  mutationOptions({
    mutationFn: acceptTerms,
    meta: { silent: true },
    onSettled: (next, _error, _version, _result, { client }) =>
      next && client.setQueryData(contentKeys.termsStatus(), next),
  });

/** Sent with the session when there is one: the ticket then joins the Support Center. */
export const sendContact = (input: ContactRequest) =>
  apiRequest(apiPaths.contact, { method: 'POST', body: input, schema: contactResponseSchema });

export const sendContactMutation = () => refreshingMutation(sendContact, contentKeys.tickets(), 'success');

/** GET /support/tickets, a page at a time by key. */
export const ticketsQueryOptions = () =>
  pagedQueryOptions({
    queryKey: contentKeys.tickets(),
    path: apiPaths.supportTickets,
    schema: ticketsResponseSchema,
  });

export const replyToTicket = (id: string, body: string) =>
  apiRequest(apiPaths.supportTicketReply(id), { method: 'POST', body: { body }, schema: ticketResponseSchema });

export const replyToTicketMutation = (id: string) =>
  refreshingMutation((body: string) => replyToTicket(id, body), contentKeys.tickets(), 'success');

/** GET /admin/support/tickets: one queue (open: what needs an answer, oldest first), a page at a time by key. */
export const adminTicketsQueryOptions = (status: AdminTicketQueue) =>
  pagedQueryOptions({
    queryKey: [...contentKeys.adminTickets(), status],
    path: apiPaths.adminTickets,
    schema: adminTicketsResponseSchema,
    query: { status },
  });

export const answerTicket = (id: string, body: string) =>
  apiRequest(apiPaths.adminTicketReply(id), { method: 'POST', body: { body }, schema: adminTicketResponseSchema });

export const closeTicket = (id: string) =>
  apiRequest(apiPaths.adminTicketClose(id), { method: 'POST', schema: adminTicketResponseSchema });

export const publishAnnouncement = (input: AnnouncementInput) =>
  apiRequest(apiPaths.adminAnnouncements, { method: 'POST', body: input, schema: announcementResponseSchema });

export const withdrawAnnouncement = (id: string) =>
  apiRequest(apiPaths.adminAnnouncementWithdraw(id), { method: 'POST', schema: announcementResponseSchema });

export const publishTerms = (input: TermsInput) =>
  apiRequest(apiPaths.adminTerms, { method: 'POST', body: input, schema: termsSchema });

/* The operators' writes. */
export const answerTicketMutation = (id: string) =>
  refreshingMutation((body: string) => answerTicket(id, body), contentKeys.adminTickets());
export const closeTicketMutation = () => refreshingMutation(closeTicket, contentKeys.adminTickets());
export const publishAnnouncementMutation = () => refreshingMutation(publishAnnouncement, contentKeys.announcements());
export const withdrawAnnouncementMutation = () => refreshingMutation(withdrawAnnouncement, contentKeys.announcements());
export const publishTermsMutation = () => refreshingMutation(publishTerms, contentKeys.terms());

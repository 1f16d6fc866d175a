import { z } from 'zod';
import { cursorSchema, pageInfoShape, pageSizeSchema } from './paging.js';
import { emailSchema } from './auth.js';
import { text } from './text.js';

/*
 * Content and support (DESIGN.md section 8 "Compliance and content"): announcements the
 * operator publishes, versioned terms that sign-up and signed-in users accept, and the
 * contact form's tickets with the operator's replies. Bodies are markdown, rendered by the
 * client as plain elements (never as HTML).
 */

export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Markdown: headings, paragraphs, lists, bold, italic, code and http(s) links. */
  body: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementsResponseSchema = z.object({ data: z.array(announcementSchema) });
export const announcementResponseSchema = z.object({ announcement: announcementSchema });
export const announcementInputSchema = z.object({
  title: text(160, { required: 'Title is required' }).min(1, 'Title is required'),
  body: text(20_000, { multiline: true, required: 'Text is required' }).min(1, 'Text is required'),
  pinned: z.boolean().default(false),
});
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

export const termsSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type Terms = z.infer<typeof termsSchema>;
export const termsInputSchema = z.object({
  title: text(160, { required: 'Title is required', maxMessage: 'The title is at most 160 characters' }).min(
    1,
    'Title is required',
  ),
  body: text(100_000, {
    multiline: true,
    required: 'Text is required',
    maxMessage: 'The terms are at most 100,000 characters',
  }).min(1, 'Text is required'),
});
export type TermsInput = z.infer<typeof termsInputSchema>;
/** The signed-in user's standing against the current terms. */
export const termsStatusSchema = z.object({
  current: termsSchema.nullable(),
  acceptedVersion: z.number().int().nullable(),
  mustAccept: z.boolean(),
});
export type TermsStatus = z.infer<typeof termsStatusSchema>;
export const termsAcceptSchema = z.object({ version: z.number({ error: 'version must be a number' }).int().min(1) });

export const contactRequestSchema = z.object({
  name: text(80, { required: 'Name is required' }).min(1, 'Name is required'),
  email: emailSchema,
  subject: text(160, { required: 'Subject is required' }).min(1, 'Subject is required'),
  message: text(5_000, { multiline: true, required: 'Message is required' }).min(1, 'Message is required'),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const ticketMessageSchema = z.object({
  id: z.string(),
  from: z.enum(['customer', 'support']),
  body: z.string(),
  createdAt: z.string(),
});
export const ticketSchema = z.object({
  id: z.string(),
  code: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(ticketMessageSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketResponseSchema = z.object({ ticket: ticketSchema });
/** GET /support/tickets: the caller's tickets, latest change first, a page by key. */
export const ticketsQuerySchema = z.strictObject({ cursor: cursorSchema.optional(), pageSize: pageSizeSchema(20) });
export type TicketsQuery = z.infer<typeof ticketsQuerySchema>;
export const ticketsResponseSchema = z.object({ data: z.array(ticketSchema), ...pageInfoShape });
export type TicketsResponse = z.infer<typeof ticketsResponseSchema>;
/** The public form's answer: the ticket's reference only (the sender may not be signed in). */
export const contactResponseSchema = z.object({ code: z.string() });
export const ticketReplySchema = z.object({
  body: text(5_000, {
    multiline: true,
    required: 'Message is required',
    maxMessage: 'A message is at most 5,000 characters',
  }).min(1, 'Message is required'),
});
export const adminTicketSchema = ticketSchema.extend({
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
});
/**
 * GET /admin/support/tickets: one queue a page by key. The open queue (what needs an answer,
 * the default) oldest first; answered, closed and all, latest change first.
 */
export const ADMIN_TICKET_QUEUES = ['open', 'answered', 'closed', 'all'] as const;
export type AdminTicketQueue = (typeof ADMIN_TICKET_QUEUES)[number];
export const adminTicketsQuerySchema = z.strictObject({
  status: z.enum(ADMIN_TICKET_QUEUES, { error: 'status is open, answered, closed or all' }).default('open'),
  cursor: cursorSchema.optional(),
  pageSize: pageSizeSchema(50),
});
export type AdminTicketsQuery = z.infer<typeof adminTicketsQuerySchema>;
export const adminTicketsResponseSchema = z.object({ data: z.array(adminTicketSchema), ...pageInfoShape });
export type AdminTicketsResponse = z.infer<typeof adminTicketsResponseSchema>;
export const adminTicketResponseSchema = z.object({ ticket: adminTicketSchema });

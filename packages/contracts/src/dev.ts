import { z } from 'zod';
import { text } from './text.js';

export const mailboxQuerySchema = z.strictObject({ to: text(254).optional() });

export const mailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;
export const mailboxResponseSchema = z.array(mailboxMessageSchema);

import { apiPaths, mailboxResponseSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sandboxKeys } from './get-health';

/** GET /dev/mailbox?to=: messages the embedded mail service sent, newest first (sandbox only). */
export const getMailbox = (to: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.devMailbox, { schema: mailboxResponseSchema, query: { to }, auth: false, signal });

export const mailboxQueryOptions = (to: string) =>
  queryOptions({ queryKey: sandboxKeys.mailbox(to), queryFn: ({ signal }) => getMailbox(to, signal) });

export const useMailbox = (to: string) => useQuery(mailboxQueryOptions(to));

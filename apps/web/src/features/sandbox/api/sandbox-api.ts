import { apiPaths, healthResponseSchema, mailboxResponseSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/* The API's health and its embedded sandbox services (the /dev tools). */

export const sandboxKeys = {
  all: ['sandbox'] as const,
  health: () => [...sandboxKeys.all, 'health'] as const,
  mailbox: (to: string) => [...sandboxKeys.all, 'mailbox', to] as const,
};

/** GET /health: `{ status, sandbox, version }`; sandbox says whether the /dev tools exist. */
export const getHealth = (signal?: AbortSignal) =>
  apiRequest(apiPaths.health, { schema: healthResponseSchema, auth: false, signal });

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: sandboxKeys.health(),
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: Infinity,
    // Only decides whether sandbox helpers show; an unreachable API is reported elsewhere.
    meta: { silent: true },
  });

export type SandboxMode = 'pending' | 'sandbox' | 'production' | 'unavailable';

/** Whether the API runs with its embedded sandbox services (and so the /dev tools). */
export const useSandboxMode = (): SandboxMode => {
  const { data, isPending } = useQuery(healthQueryOptions());
  if (data) return data.sandbox ? 'sandbox' : 'production';
  return isPending ? 'pending' : 'unavailable';
};

/** GET /dev/mailbox?to=: messages the embedded mail service sent, newest first (sandbox only). */
export const getMailbox = (to: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.devMailbox, { schema: mailboxResponseSchema, query: { to }, auth: false, signal });

export const mailboxQueryOptions = (to: string) =>
  queryOptions({ queryKey: sandboxKeys.mailbox(to), queryFn: ({ signal }) => getMailbox(to, signal) });

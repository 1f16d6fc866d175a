import {
  apiPaths,
  markNotificationsReadResponseSchema,
  notificationPreferencesSchema,
  notificationsResponseSchema,
  priceAlertResponseSchema,
  priceAlertsResponseSchema,
  type MarkNotificationsRead,
  type EmailNotificationKind,
  type PriceAlertCreate,
} from '@qmgt/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/* The notifications centre and price alerts (DESIGN.md section 11). */

export const notificationKeys = {
  all: () => ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
  priceAlerts: () => ['price-alerts'] as const,
};

/** The bell and the page read the same pages: newest first, by cursor. */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(apiPaths.notifications, {
        schema: notificationsResponseSchema,
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The stream says when something new came (use-notification-stream.ts); no polling.
    staleTime: 60_000,
  });

export const markNotificationsRead = (request: MarkNotificationsRead) =>
  apiRequest(apiPaths.notificationsRead, {
    method: 'POST',
    body: request,
    schema: markNotificationsReadResponseSchema,
  });

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.notificationPreferences, { schema: notificationPreferencesSchema, signal }),
  });

export const setNotificationEmail = (kind: EmailNotificationKind, email: boolean) =>
  apiRequest(apiPaths.notificationPreferences, {
    method: 'PUT',
    body: { email: { [kind]: email } },
    schema: notificationPreferencesSchema,
  });

export const priceAlertsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.priceAlerts(),
    queryFn: ({ signal }) => apiRequest(apiPaths.priceAlerts, { schema: priceAlertsResponseSchema, signal }),
  });

export const createPriceAlert = (request: PriceAlertCreate) =>
  apiRequest(apiPaths.priceAlerts, { method: 'POST', body: request, schema: priceAlertResponseSchema });

export const deletePriceAlert = (id: string) =>
  apiRequest(apiPaths.priceAlert(id), { method: 'DELETE', schema: z.object({ deleted: z.literal(true) }) });

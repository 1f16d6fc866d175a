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
import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
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

/** Marking read refreshes the pages once it succeeds; the hook adds the unread count and its feedback. */
export const markNotificationsReadMutation = () =>
  mutationOptions({
    mutationFn: markNotificationsRead,
    onSettled: (answer, _error, _request, _result, { client }) =>
      void (answer && client.invalidateQueries({ queryKey: notificationKeys.list() })),
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

/** The answer is the whole set of choices: it becomes the cached one at once. */
export const setNotificationEmailMutation = () =>
  mutationOptions({
    mutationFn: ({ kind, email }: { kind: EmailNotificationKind; email: boolean }) => setNotificationEmail(kind, email),
    onSettled: (answer, _error, _choice, _result, { client }) =>
      answer && client.setQueryData(notificationKeys.preferences(), answer),
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

/* Setting or deleting an alert refreshes the list; the screen adds its own feedback (onSuccess, onError). */

export const createPriceAlertMutation = () =>
  mutationOptions({
    mutationFn: createPriceAlert,
    onSettled: (created, _error, _request, _result, { client }) =>
      void (created && client.invalidateQueries({ queryKey: notificationKeys.priceAlerts() })),
  });

export const deletePriceAlertMutation = () =>
  mutationOptions({
    mutationFn: deletePriceAlert,
    onSettled: (deleted, _error, _id, _result, { client }) =>
      void (deleted && client.invalidateQueries({ queryKey: notificationKeys.priceAlerts() })),
  });

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  cursorSchema,
  markNotificationsReadResponseSchema,
  markNotificationsReadSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationsResponseSchema,
  priceAlertCreateSchema,
  priceAlertIdParamsSchema,
  priceAlertResponseSchema,
  priceAlertsResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { currentAuth } from '../../plugins/auth.js';
import type { NotificationsService } from './notifications.service.js';
import type { StreamHub } from './notifications.stream.js';

/** The notifications centre and price alerts: thin handlers over the service. */
export const notificationsRoutes: FastifyPluginAsync<{ notifications: NotificationsService; hub: StreamHub }> = async (
  fastify,
  { notifications, hub },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const security = [{ bearer: [] }];
  const route = routeDeclarer({ tags, security });

  app.get(
    apiPaths.notifications,
    route({
      guard: app.requireUser,
      summary: "The caller's notifications, newest first, by pages (cursor), with the unread count",
      querystring: z.object({ cursor: cursorSchema.optional() }),
      ok: notificationsResponseSchema,
    }),
    async (request) => notifications.page(currentAuth(request).user.id, request.query.cursor),
  );

  app.post(
    apiPaths.notificationsRead,
    route({
      guard: app.requireUser,
      summary: 'Mark notifications read: { ids } (the caller’s own; others are ignored) or { all: true }',
      body: markNotificationsReadSchema,
      ok: markNotificationsReadResponseSchema,
    }),
    async (request) => notifications.markRead(currentAuth(request).user.id, request.body),
  );

  app.get(
    apiPaths.notificationsStream,
    {
      onRequest: app.requireUser,
      config: {
        // 429: the customer has MAX_STREAMS_PER_CUSTOMER streams open in this process already.
        errorStatuses: [429],
        fileResponse: {
          contentType: 'text/event-stream',
          description:
            'Server-sent events: `notification` events ({ notification, unread }), each with its id; a comment every 25 s. Send Last-Event-ID to receive what was missed.',
        },
      },
      schema: {
        tags,
        security,
        summary: 'A live stream of new notifications (server-sent events; one per tab)',
        headers: z.object({ 'last-event-id': z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const lastEventId = request.headers['last-event-id'];
      const known = typeof lastEventId === 'string' && z.uuid().safeParse(lastEventId).success;
      const out = await hub.open(user.id, known ? lastEventId : undefined, (close) => {
        request.raw.once('close', close);
        reply.raw.once('close', close);
      });
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        .send(out);
    },
  );

  app.get(
    apiPaths.notificationPreferences,
    route({
      guard: app.requireUser,
      summary: 'Which kinds of notification also go by e-mail',
      ok: notificationPreferencesSchema,
    }),
    async (request) => notifications.preferences(currentAuth(request).user.id),
  );

  app.put(
    apiPaths.notificationPreferences,
    route({
      guard: app.requireUser,
      summary: 'Turn e-mail on or off for some kinds of notification (the others keep their choice)',
      body: notificationPreferencesUpdateSchema,
      ok: notificationPreferencesSchema,
    }),
    async (request) => notifications.setPreferences(currentAuth(request).user.id, request.body.email),
  );

  app.get(
    apiPaths.priceAlerts,
    route({
      guard: app.requireUser,
      summary: "The caller's price alerts: waiting ones and the latest fired",
      ok: priceAlertsResponseSchema,
    }),
    async (request) => ({ alerts: await notifications.alerts(currentAuth(request).user.id) }),
  );

  app.post(
    apiPaths.priceAlerts,
    route({
      guard: app.requireUser,
      // 409: the price is already past the threshold, or 10 alerts wait already; 422: zero or absurd.
      config: { errorStatuses: [409, 422] },
      summary: 'Add a price alert: notified once when gold crosses the price (at most 10 waiting)',
      body: priceAlertCreateSchema,
      ok: priceAlertResponseSchema,
    }),
    async (request) => ({ alert: await notifications.createAlert(currentAuth(request).user.id, request.body) }),
  );

  app.delete(
    '/price-alerts/:id',
    route({
      guard: app.requireUser,
      config: { errorStatuses: [404] },
      summary: 'Delete one of the caller’s price alerts',
      params: priceAlertIdParamsSchema,
      ok: z.object({ deleted: z.literal(true) }),
    }),
    async (request) => {
      await notifications.deleteAlert(currentAuth(request).user.id, request.params.id);
      return { deleted: true as const };
    },
  );
};

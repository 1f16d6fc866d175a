import {
  EMAIL_NOTIFICATION_KINDS,
  type Notification,
  type NotificationEvent,
  type NotificationPreferences,
  type PriceAlert,
} from '@qmgt/contracts';
import { http, HttpResponse } from 'msw';
import { apiErrorBody } from './factories';

/* A fake notifications centre: its list, preferences, price alerts and live streams. */

type Fake = {
  notifications: Notification[];
  emailOff: string[];
  alerts: PriceAlert[];
  streams: Set<ReadableStreamDefaultController<Uint8Array>>;
  /** The Last-Event-ID each stream connection sent ('' without one). */
  streamOpenedWith: string[];
};

export const fakeNotifications: Fake = {
  notifications: [],
  emailOff: [],
  alerts: [],
  streams: new Set(),
  streamOpenedWith: [],
};

export function resetFakeNotifications(): void {
  fakeNotifications.notifications = [];
  fakeNotifications.emailOff = [];
  fakeNotifications.alerts = [];
  fakeNotifications.streams = new Set();
  fakeNotifications.streamOpenedWith = [];
}

let sequence = 0;
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  sequence++;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    kind: 'price-alert',
    title: `Notification ${sequence}`,
    body: 'Something happened.',
    link: '/dashboard',
    createdAt: new Date(Date.UTC(2026, 10, 27, 12, 0, sequence)).toISOString(),
    readAt: null,
    ...overrides,
  };
}

const unread = () => fakeNotifications.notifications.filter((n) => n.readAt === null).length;
const encoder = new TextEncoder();

/** A notification arrives: stored (newest first) and sent down every open stream. */
export function pushNotification(notification: Notification): void {
  fakeNotifications.notifications.unshift(notification);
  const event: NotificationEvent = { notification, unread: unread() };
  const chunk = encoder.encode(`id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(event)}\n\n`);
  for (const controller of fakeNotifications.streams) controller.enqueue(chunk);
}

const PAGE = 20;
const preferences = (): NotificationPreferences => ({
  email: Object.fromEntries(
    EMAIL_NOTIFICATION_KINDS.map((kind) => [kind, !fakeNotifications.emailOff.includes(kind)]),
  ) as NotificationPreferences['email'],
});

export function createNotificationsHandlers({ apiUrl }: { apiUrl: (path: string) => string }) {
  return [
    http.get(apiUrl('/notifications'), ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      const start = cursor ? Number(cursor) : 0;
      const data = fakeNotifications.notifications.slice(start, start + PAGE);
      const more = start + PAGE < fakeNotifications.notifications.length;
      return HttpResponse.json({ data, unread: unread(), nextCursor: more ? String(start + PAGE) : null });
    }),
    http.post(apiUrl('/notifications/read'), async ({ request }) => {
      const body = (await request.json()) as { ids?: string[]; all?: true };
      let marked = 0;
      fakeNotifications.notifications = fakeNotifications.notifications.map((n) => {
        if (n.readAt === null && (body.all || body.ids?.includes(n.id))) {
          marked++;
          return { ...n, readAt: new Date().toISOString() };
        }
        return n;
      });
      return HttpResponse.json({ marked, unread: unread() });
    }),
    http.get(apiUrl('/notifications/stream'), ({ request }) => {
      fakeNotifications.streamOpenedWith.push(request.headers.get('Last-Event-ID') ?? '');
      let own: ReadableStreamDefaultController<Uint8Array> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          own = controller;
          if (!request.signal.aborted) fakeNotifications.streams.add(controller);
          // The client aborting its fetch (a closed tab, a StrictMode remount) closes its stream.
          request.signal.addEventListener('abort', () => fakeNotifications.streams.delete(controller));
          const hello: NotificationEvent = { notification: null, unread: unread() };
          controller.enqueue(encoder.encode(`retry: 3000\n\ndata: ${JSON.stringify(hello)}\n\n`));
        },
        cancel() {
          if (own) fakeNotifications.streams.delete(own);
        },
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
    http.get(apiUrl('/notification-preferences'), () => HttpResponse.json(preferences())),
    http.put(apiUrl('/notification-preferences'), async ({ request }) => {
      const body = (await request.json()) as { email: Record<string, boolean> };
      for (const [kind, on] of Object.entries(body.email)) {
        fakeNotifications.emailOff = fakeNotifications.emailOff.filter((k) => k !== kind);
        if (!on) fakeNotifications.emailOff.push(kind);
      }
      return HttpResponse.json(preferences());
    }),
    http.get(apiUrl('/price-alerts'), () => HttpResponse.json({ alerts: fakeNotifications.alerts })),
    http.post(apiUrl('/price-alerts'), async ({ request }) => {
      const body = (await request.json()) as { direction: 'above' | 'below'; usdPerGram: string };
      if (body.direction === 'above' && Number(body.usdPerGram) <= 130)
        return HttpResponse.json(
          apiErrorBody(409, 'Gold is already at $130.00 per gram: choose a price above it.', 'ApplicationError'),
          { status: 409 },
        );
      const alert: PriceAlert = {
        id: `10000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
        direction: body.direction,
        usdPerGram: body.usdPerGram,
        createdAt: new Date().toISOString(),
        firedAt: null,
        firedUsdPerGram: null,
      };
      fakeNotifications.alerts.unshift(alert);
      return HttpResponse.json({ alert });
    }),
    http.delete(apiUrl('/price-alerts/:id'), ({ params }) => {
      const before = fakeNotifications.alerts.length;
      fakeNotifications.alerts = fakeNotifications.alerts.filter((a) => a.id !== params.id);
      return before === fakeNotifications.alerts.length
        ? HttpResponse.json(apiErrorBody(404, 'Price alert not found.', 'NotFoundError'), { status: 404 })
        : HttpResponse.json({ deleted: true });
    }),
  ];
}

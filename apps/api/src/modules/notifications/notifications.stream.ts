import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { CursorKey, NotificationEvent } from '@qmgt/contracts';
import type { Database } from '../../db/client.js';
import { tooManyRequests } from '../../lib/errors.js';
import { startHeartbeat } from '../../lib/heartbeat.js';
import { toWire, type NotificationsService } from './notifications.service.js';

/** Announced by the notifications trigger (sql/notifications_notify.sql): whose list grew. */
export const NOTIFICATIONS_CHANNEL = 'notifications';
/** A comment line this often keeps proxies from closing an idle stream. */
export const STREAM_HEARTBEAT_MS = 25_000;
/**
 * Open streams one customer may hold in one process: a tab each, and every stream costs two
 * queries per notification, so one account must not open thousands. Past it the stream is
 * refused (429), and the client's back-off waits before it asks again.
 */
export const MAX_STREAMS_PER_CUSTOMER = 10;

interface Stream {
  userId: string;
  /** The last notification sent (its key), or none yet. */
  last: CursorKey | undefined;
  out: PassThrough;
  sending: boolean;
  again: boolean;
}

/**
 * Every open notification stream of this process, by customer. One LISTEN per process
 * (PostgreSQL: a dedicated connection; PGlite: the one in-process database) wakes the streams
 * of the customer a commit notified, in whichever process wrote it; each stream then reads its
 * customer's notifications after the last one it sent, so a missed or merged wake loses
 * nothing. A listener that was down wakes every stream when it is back.
 */
export function createStreamHub(deps: {
  database: Database;
  notifications: NotificationsService;
  log: FastifyBaseLogger;
  maxMs: number;
}) {
  const { notifications, log } = deps;
  const byUser = new Map<string, Set<Stream>>();
  let unlisten: (() => Promise<void>) | undefined;
  let heartbeat: { stop(): void } | undefined;

  const write = (stream: Stream, chunk: string) => {
    if (!stream.out.writableEnded) stream.out.write(chunk);
  };

  const event = (id: string | undefined, data: NotificationEvent) =>
    `${id ? `id: ${id}\n` : ''}event: notification\ndata: ${JSON.stringify(data)}\n\n`;

  async function catchUp(stream: Stream): Promise<void> {
    if (stream.sending) {
      stream.again = true;
      return;
    }
    stream.sending = true;
    try {
      do {
        stream.again = false;
        const rows = await notifications.after(stream.userId, stream.last);
        if (rows.length === 0) continue;
        const unread = await notifications.unread(stream.userId);
        for (const { row, at } of rows) {
          write(stream, event(row.id, { notification: toWire(row), unread }));
          stream.last = { at, id: row.id };
        }
        // A page at a time: more may be waiting.
        if (rows.length === 50) stream.again = true;
      } while (stream.again && !stream.out.writableEnded);
    } catch (error) {
      log.warn({ err: error }, 'notification stream could not catch up; the next wake retries');
    } finally {
      stream.sending = false;
    }
  }

  const wake = (userId: string) => {
    for (const stream of byUser.get(userId) ?? []) void catchUp(stream);
  };

  return {
    async start() {
      // One heartbeat for every open stream: a comment at least every 25 s on each.
      heartbeat = startHeartbeat(STREAM_HEARTBEAT_MS, () => {
        for (const streams of byUser.values()) for (const stream of streams) write(stream, ': heartbeat\n\n');
      });
      unlisten = await deps.database.listen(NOTIFICATIONS_CHANNEL, {
        notify: (payload) => wake(payload),
        live: (isLive) => {
          if (isLive) for (const userId of byUser.keys()) wake(userId);
        },
      });
    },
    async stop() {
      heartbeat?.stop();
      for (const streams of byUser.values()) for (const stream of streams) stream.out.end();
      byUser.clear();
      await unlisten?.();
    },
    /** Open streams (for tests and metrics). */
    size() {
      let n = 0;
      for (const streams of byUser.values()) n += streams.size;
      return n;
    },

    /**
     * Opens a stream: first the unread count (and what was missed after `lastEventId`, when
     * it is one of the customer's), then each new notification; a heartbeat comment every
     * 25 s; closed by the client, or after `maxMs` (the client reconnects, and its session is
     * checked again then).
     */
    async open(userId: string, lastEventId: string | undefined, onClosed: (close: () => void) => void) {
      const last = lastEventId ? await notifications.keyOf(userId, lastEventId) : undefined;
      // Counted and added with no wait between, so concurrent opens cannot pass the cap.
      if ((byUser.get(userId)?.size ?? 0) >= MAX_STREAMS_PER_CUSTOMER)
        throw tooManyRequests(
          `At most ${MAX_STREAMS_PER_CUSTOMER} notification streams can be open at once: close a tab and try again.`,
        );
      const out = new PassThrough();
      const stream: Stream = { userId, last, out, sending: false, again: false };
      const set = byUser.get(userId) ?? new Set();
      set.add(stream);
      byUser.set(userId, set);
      const limit = setTimeout(() => close(), deps.maxMs);
      limit.unref();
      const close = () => {
        clearTimeout(limit);
        set.delete(stream);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
        if (!out.writableEnded) out.end();
      };
      onClosed(close);
      // Reconnect after 3 s when the server ends the stream (the browser's default wait).
      write(stream, 'retry: 3000\n\n');
      if (last) await catchUp(stream);
      else {
        // A fresh stream starts after the newest notification, with the count.
        const [newest] = await notifications.after(userId, undefined, 1);
        stream.last = newest ? { at: newest.at, id: newest.row.id } : undefined;
      }
      write(stream, event(undefined, { notification: null, unread: await notifications.unread(userId) }));
      // Anything written while this stream was opening.
      void catchUp(stream);
      return out;
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { NotificationsService } from './notifications.service.js';
import { STREAM_HEARTBEAT_MS, createStreamHub } from './notifications.stream.js';

/** The hub over no notifications: only what it writes by itself (retry, count, heartbeats). */
function quietHub() {
  const notifications = { after: async () => [], unread: async () => 0, keyOf: async () => undefined };
  return createStreamHub({
    database: { listen: async () => async () => undefined } as unknown as Database,
    notifications: notifications as unknown as NotificationsService,
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
    maxMs: 10 * STREAM_HEARTBEAT_MS,
  });
}

const heartbeats = (chunks: string[]) => chunks.filter((c) => c === ': heartbeat\n\n').length;

function collect(out: PassThrough): string[] {
  const chunks: string[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the notification streams heartbeat', () => {
  it('one heartbeat writes a comment on every open stream each period, and none once closed', async () => {
    const hub = quietHub();
    await hub.start();
    let closeFirst = () => {};
    const first = collect(await hub.open('u1', undefined, (close) => (closeFirst = close)));
    const second = collect(await hub.open('u2', undefined, () => {}));

    await vi.advanceTimersByTimeAsync(STREAM_HEARTBEAT_MS);
    expect([heartbeats(first), heartbeats(second)]).toEqual([1, 1]);

    closeFirst();
    await vi.advanceTimersByTimeAsync(STREAM_HEARTBEAT_MS);
    expect([heartbeats(first), heartbeats(second)]).toEqual([1, 2]);

    await hub.stop();
    await vi.advanceTimersByTimeAsync(STREAM_HEARTBEAT_MS);
    expect(heartbeats(second)).toBe(2);
  });
});

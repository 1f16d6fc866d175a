import { apiPaths, type NotificationEvent } from '@qmgt/contracts';
import { apiUrl } from '@/lib/api-client';

/** The wait before reconnecting: the server's `retry`, doubled on each failure up to a minute. */
const FIRST_RETRY_MS = 3_000;
const MAX_RETRY_MS = 60_000;

export type StreamHandlers = {
  onEvent: (event: NotificationEvent) => void;
  /** The server refused the session (401): the stream stops; the app signs the customer out. */
  onUnauthorized?: () => void;
};

/** Splits a server-sent events text into its events (a blank line ends one). */
export function parseEvents(buffer: string): { events: { id?: string; data?: string }[]; rest: string } {
  const events: { id?: string; data?: string }[] = [];
  const blocks = buffer.replaceAll('\r\n', '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const event: { id?: string; data?: string } = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') event.id = value;
      else if (field === 'data') event.data = event.data === undefined ? value : `${event.data}\n${value}`;
    }
    if (event.data !== undefined || event.id !== undefined) events.push(event);
  }
  return { events, rest };
}

/**
 * One live stream of the customer's notifications (GET /notifications/stream). Read with fetch,
 * not EventSource: EventSource cannot send the bearer token, and putting a token in a URL
 * leaks it into logs. It reconnects after an end or a failure, sending the last event's id as
 * Last-Event-ID, so the server sends what came meanwhile. Returns the function that stops it.
 */
export function openNotificationStream(token: string, handlers: StreamHandlers): () => void {
  const controller = new AbortController();
  let lastEventId: string | undefined;
  let retryMs = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    let failed = false;
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await fetch(apiUrl(apiPaths.notificationsStream), { headers, signal: controller.signal });
      if (response.status === 401) {
        handlers.onUnauthorized?.();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      retryMs = FIRST_RETRY_MS;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const parsed = parseEvents(buffer);
        buffer = parsed.rest;
        for (const event of parsed.events) {
          if (event.id) lastEventId = event.id;
          if (event.data) handlers.onEvent(JSON.parse(event.data) as NotificationEvent);
        }
      }
    } catch {
      failed = true;
    }
    if (controller.signal.aborted) return;
    timer = setTimeout(() => void connect(), retryMs);
    if (failed) retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  void connect();
  return () => {
    controller.abort();
    if (timer) clearTimeout(timer);
  };
}

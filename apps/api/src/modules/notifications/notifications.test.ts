import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRICE_ALERTS_MAX_ACTIVE,
  fromUnits,
  toUnits,
  type NotificationEvent,
  type NotificationsResponse,
  type PriceAlert,
} from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, mailCount, post, signedInUser } from '../../test/factories.js';
import { sendWithKey } from '../../test/customers.js';
import { until, within } from '../../test/within.js';
import { usd as dollars } from './notifications.rules.js';
import { MAX_STREAMS_PER_CUSTOMER } from './notifications.stream.js';

/*
 * The notifications centre and price alerts, on PGlite and (DATABASE_URL) PostgreSQL. On
 * PostgreSQL a second app on the same database plays another API process: it writes the
 * notification, the first one's stream delivers it.
 */

let t: TestApp;
let second: TestApp | undefined;
beforeAll(async () => {
  t = await build({ notificationStreamMaxMs: 60_000 });
  if (t.database.kind === 'postgres') second = await build({}, { sameDatabaseAs: t });
}, 120_000);
afterAll(async () => {
  await second?.close();
  // The stream test's fetches leave keep-alive sockets the listening server would wait on.
  t.app.server.closeAllConnections();
  await t.close();
});

/**
 * The spot on the cent grid (rounded down): alert prices are in cents, and the feed's spot (on
 * PostgreSQL shared with other test files' price moves) may carry more digits.
 */
const CENT = toUnits('0.01', 'USDT');
const spot = async () => ((await t.app.services.market.spot()).usdPerGram / CENT) * CENT;
const usd = (units: bigint) => fromUnits(units, 'USDT');
const setSpot = async (units: bigint) => {
  const res = await post(t.app, '/dev/price', { usdPerGram: usd(units) });
  expect(res.statusCode, res.body).toBe(200);
};
const put = (url: string, body: unknown, token: string) => sendWithKey(t.app, 'PUT', url, body, token, null);
const del = (url: string, token: string) =>
  t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
const list = async (token: string, cursor?: string) =>
  (await get(t.app, `/notifications${cursor ? `?cursor=${cursor}` : ''}`, token)).json<NotificationsResponse>();
const alertsOf = async (token: string) =>
  (await get(t.app, '/price-alerts', token)).json<{ alerts: PriceAlert[] }>().alerts;

/** Writes a notification as an outbox handler does, in the given app ("process"). */
const deliver = (app: TestApp, userId: string, title = 'Hello', key = `test:${randomUUID()}`) =>
  app.app.services.notifications.deliver({ userId, kind: 'support', key, title, body: 'Body', link: '/support' });

describe('price alerts', () => {
  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const { token } = await signedInUser(t.app);
    const now = await spot();
    const bad: [unknown, number][] = [
      [{ direction: 'sideways', usdPerGram: '100' }, 400],
      [{ direction: 'above', usdPerGram: '-5' }, 400],
      [{ direction: 'below', usdPerGram: '0' }, 422],
      [{ direction: 'above', usdPerGram: '100000000' }, 422],
      // A refinement of the document's shape: 422, as every refinement.
      [{ direction: 'above', usdPerGram: '131.001' }, 422],
      [{ direction: 'above', usdPerGram: 'lots' }, 400],
      [{ direction: 'above' }, 400],
      // Already past: it would fire with no movement.
      [{ direction: 'above', usdPerGram: usd(now - toUnits('1', 'USDT')) }, 409],
      [{ direction: 'below', usdPerGram: usd(now + toUnits('1', 'USDT')) }, 409],
    ];
    for (const [body, status] of bad) {
      const res = await post(t.app, '/price-alerts', body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.message, JSON.stringify(body)).toBeTruthy();
    }
    expect(await alertsOf(token)).toEqual([]);
  });

  it('holds at most 10 waiting alerts, even when asked at once, and only its owner deletes one', async () => {
    const { token } = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const far = usd((await spot()) * 3n);
    const answers = await Promise.all(
      Array.from({ length: PRICE_ALERTS_MAX_ACTIVE + 3 }, () =>
        post(t.app, '/price-alerts', { direction: 'above', usdPerGram: far }, token),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(PRICE_ALERTS_MAX_ACTIVE);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]!.json().error.message).toMatch(/10 alerts/);
    const alerts = await alertsOf(token);
    expect(alerts).toHaveLength(PRICE_ALERTS_MAX_ACTIVE);

    // Another customer's id is not found, and the alert stays.
    const foreign = await del(`/price-alerts/${alerts[0]!.id}`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(await alertsOf(token)).toHaveLength(PRICE_ALERTS_MAX_ACTIVE);
    expect((await del('/price-alerts/not-an-id', token)).statusCode).toBe(400);
    expect((await del(`/price-alerts/${randomUUID()}`, token)).statusCode).toBe(404);
    expect(await alertsOf(other.token)).toEqual([]);

    // The owner deletes one; then an eleventh fits again.
    expect((await del(`/price-alerts/${alerts[0]!.id}`, token)).statusCode).toBe(200);
    expect((await post(t.app, '/price-alerts', { direction: 'above', usdPerGram: far }, token)).statusCode).toBe(200);
  });

  it('fires once while the price hovers around it: one notification, one mail', async () => {
    const { token, user } = await signedInUser(t.app);
    const email = user.email;
    const base = await spot();
    const step = toUnits('0.5', 'USDT');
    const threshold = base + 2n * step;
    const created = await post(t.app, '/price-alerts', { direction: 'above', usdPerGram: usd(threshold) }, token);
    expect(created.statusCode, created.body).toBe(200);
    const below = await post(t.app, '/price-alerts', { direction: 'below', usdPerGram: usd(base - 40n * step) }, token);
    expect(below.statusCode).toBe(200);
    const mailsBefore = await mailCount(t.app, email);

    // Up to it, over it, back under it, over it again.
    for (const price of [base + step, threshold, base, threshold + step, threshold - step, threshold + 2n * step])
      await setSpot(price);

    const fired = await until(async () => {
      const page = await list(token);
      return page.data.length > 0 ? page : undefined;
    });
    expect(fired.data).toHaveLength(1);
    expect(fired.unread).toBe(1);
    expect(fired.data[0]).toMatchObject({
      kind: 'price-alert',
      title: `Gold is above $${dollars(threshold)} per gram`,
      link: '/dashboard',
      readAt: null,
    });
    await until(async () => ((await mailCount(t.app, email)) > mailsBefore ? true : undefined));
    const alerts = await alertsOf(token);
    const above = alerts.find((a) => a.direction === 'above')!;
    expect(above.firedAt).not.toBeNull();
    expect(above.firedUsdPerGram).toBe(usd(threshold));
    // The below alert was not crossed.
    expect(alerts.find((a) => a.direction === 'below')!.firedAt).toBeNull();
    // Nothing more comes later.
    await new Promise((r) => setTimeout(r, 300));
    expect((await list(token)).data).toHaveLength(1);
    expect(await mailCount(t.app, email)).toBe(mailsBefore + 1);
    await setSpot(base);
  });

  it('notifies without a mail when the customer turned price alert e-mail off', async () => {
    const { token, user } = await signedInUser(t.app);
    const turned = await put('/notification-preferences', { email: { 'price-alert': false } }, token);
    expect(turned.statusCode, turned.body).toBe(200);
    expect(turned.json().email).toMatchObject({ 'price-alert': false, support: true });
    const base = await spot();
    const threshold = base - toUnits('1', 'USDT');
    expect(
      (await post(t.app, '/price-alerts', { direction: 'below', usdPerGram: usd(threshold) }, token)).statusCode,
    ).toBe(200);
    const mails = await mailCount(t.app, user.email);
    await setSpot(threshold - 1n);
    await until(async () => ((await list(token)).data.length === 1 ? true : undefined));
    // The message is handled (sent) without a mail.
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailCount(t.app, user.email)).toBe(mails);
    await setSpot(base);
  });
});

describe('notification preferences', () => {
  it('keeps every mail by default and refuses unknown kinds', async () => {
    const { token } = await signedInUser(t.app);
    const read = (await get(t.app, '/notification-preferences', token)).json<{ email: Record<string, boolean> }>();
    expect(Object.values(read.email).every(Boolean)).toBe(true);
    expect((await put('/notification-preferences', { email: { nonsense: false } }, token)).statusCode).toBe(400);
    expect((await put('/notification-preferences', { email: { support: 'no' } }, token)).statusCode).toBe(400);
    expect((await put('/notification-preferences', { email: { support: false } }, token)).json().email.support).toBe(
      false,
    );
    // A second change keeps the first.
    const both = await put('/notification-preferences', { email: { deposit: false } }, token);
    expect(both.json().email).toMatchObject({ support: false, deposit: false, review: true });
  });
});

describe('notifications list', () => {
  it('pages by key, counts unread, marks own ids only, then all', async () => {
    const me = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    for (let i = 0; i < 23; i++) await deliver(t, me.user.id, `n${i}`);
    await deliver(t, other.user.id, 'theirs');
    // The same key twice is one notification (an outbox message handled again).
    await deliver(t, me.user.id, 'once', 'test:same');
    await deliver(t, me.user.id, 'once', 'test:same');

    const first = await list(me.token);
    expect(first.data).toHaveLength(20);
    expect(first.unread).toBe(24);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await list(me.token, first.nextCursor!);
    expect(rest.data).toHaveLength(4);
    expect(rest.nextCursor).toBeNull();
    // Every one once across the pages, newest first (rows of one instant by id).
    const titles = [...first.data, ...rest.data].map((n) => n.title);
    expect(new Set(titles)).toEqual(new Set(['once', ...Array.from({ length: 23 }, (_, i) => `n${i}`)]));
    const keys = [...first.data, ...rest.data].map((n) => n.createdAt);
    expect([...keys].sort().reverse()).toEqual(keys);
    expect((await get(t.app, '/notifications?cursor=bogus', me.token)).statusCode).toBe(400);

    const theirs = (await list(other.token)).data[0]!;
    const marked = await post(t.app, '/notifications/read', { ids: [first.data[0]!.id, theirs.id] }, me.token);
    expect(marked.json()).toEqual({ marked: 1, unread: 23 });
    // The foreign id was ignored: still unread for its owner.
    expect((await list(other.token)).data[0]!.readAt).toBeNull();
    for (const body of [{ ids: [] }, { ids: ['x'] }, { all: false }, {}, { ids: [randomUUID()], all: true }])
      expect((await post(t.app, '/notifications/read', body, me.token)).statusCode, JSON.stringify(body)).toBe(400);

    expect((await post(t.app, '/notifications/read', { all: true }, me.token)).json()).toEqual({
      marked: 23,
      unread: 0,
    });
    expect((await list(other.token)).unread).toBe(1);
    expect((await get(t.app, '/notifications')).statusCode).toBe(401);
  });
});

/** Reads server-sent events from a live server until `count` notification events came. */
async function readEvents(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: { id?: string; data: NotificationEvent }[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data) events.push({ ...(id ? { id } : {}), data: JSON.parse(data) as NotificationEvent });
      }
    }
  })();
  return {
    events,
    async close() {
      controller.abort();
      await pump;
    },
  };
}

describe('notification stream', () => {
  it('delivers a notification written by another process, and what was missed after Last-Event-ID', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const writer = second ?? t;
    const { token, user } = await signedInUser(t.app);
    await deliver(t, user.id, 'before');
    const url = `${address}/api/notifications/stream`;
    const auth = { authorization: `Bearer ${token}` };

    const stream = await readEvents(url, auth);
    // First the count, nothing old.
    await within(5_000, async () => stream.events.length >= 1);
    expect(stream.events[0]).toEqual({ data: { notification: null, unread: 1 } });
    expect(t.app.services.notifications).toBeDefined();

    await deliver(writer, user.id, 'live one');
    await within(5_000, async () => stream.events.length >= 2);
    expect(stream.events[1]!.data).toMatchObject({ notification: { title: 'live one', kind: 'support' }, unread: 2 });
    const lastId = stream.events[1]!.id!;
    await stream.close();

    // Written while no stream was open: a reconnect with Last-Event-ID gets it.
    await deliver(writer, user.id, 'missed');
    const again = await readEvents(url, { ...auth, 'last-event-id': lastId });
    await within(5_000, async () => again.events.length >= 2);
    expect(again.events[0]!.data).toMatchObject({ notification: { title: 'missed' }, unread: 3 });
    expect(again.events[1]!.data).toEqual({ notification: null, unread: 3 });
    await again.close();

    // Another customer's stream hears nothing of it; a stream without a session is refused.
    const other = await signedInUser(t.app);
    const theirs = await readEvents(url, { authorization: `Bearer ${other.token}` });
    await deliver(writer, user.id, 'not yours');
    await within(5_000, async () => theirs.events.length >= 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(theirs.events).toEqual([{ data: { notification: null, unread: 0 } }]);
    await theirs.close();
    expect((await fetch(url)).status).toBe(401);
  });
});

describe('notification streams per customer', () => {
  it(`refuses the ${MAX_STREAMS_PER_CUSTOMER + 1}th open stream of one customer with a 429, and takes one again once a stream closed`, async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {
      const bound = t.app.server.address();
      return typeof bound === 'object' && bound ? `http://127.0.0.1:${bound.port}` : '';
    });
    const { token } = await signedInUser(t.app);
    const url = `${address}/api/notifications/stream`;
    const auth = { authorization: `Bearer ${token}` };
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_CUSTOMER; i++) open.push(await readEvents(url, auth));
    const refused = await fetch(url, { headers: auth });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /At most 10 notification streams can be open at once/,
    );
    // Another customer is not held back by this one's streams.
    const other = await signedInUser(t.app);
    const theirs = await readEvents(url, { authorization: `Bearer ${other.token}` });
    await theirs.close();
    await open.pop()!.close();
    await within(5_000, async () => {
      const retried = await fetch(url, { headers: auth, signal: AbortSignal.timeout(2_000) }).catch(() => null);
      const ok = retried?.status === 200;
      await retried?.body?.cancel().catch(() => undefined);
      return ok;
    });
    for (const stream of open) await stream.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Announcement, MailboxMessage, Ticket } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, newAccountInput, post, signedInUser } from '../../test/factories.js';
import { DEFAULT_OPERATOR } from '../../test/operator.js';

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  t = await build({ operator: DEFAULT_OPERATOR });
  operatorToken = (
    await post(t.app, '/auth/local', { identifier: DEFAULT_OPERATOR.email, password: DEFAULT_OPERATOR.password })
  ).json().jwt;
}, 120_000);
afterAll(async () => t.close());

const mails = async (to: string) =>
  (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(to)}`)).json<MailboxMessage[]>();
async function waitForSubjects(to: string, count: number) {
  for (let i = 0; i < 50 && (await mails(to)).length < count; i++) await new Promise((r) => setTimeout(r, 100));
  return (await mails(to)).map((m) => m.subject);
}

describe('announcements', () => {
  it('are published by operators, listed pinned first then newest for anyone, and withdrawn', async () => {
    const customer = await signedInUser(t.app);
    const input = {
      title: 'Vault audit',
      body: 'The **annual** audit is done. <script>alert(1)</script>',
      pinned: false,
    };
    expect((await post(t.app, '/admin/announcements', input, customer.token)).statusCode).toBe(403);
    expect((await post(t.app, '/admin/announcements', input)).statusCode).toBe(401);
    const first = (await post(t.app, '/admin/announcements', input, operatorToken)).json<{
      announcement: Announcement;
    }>().announcement;
    const pinned = (
      await post(
        t.app,
        '/admin/announcements',
        { title: 'Maintenance', body: 'Sunday 02:00 UTC.', pinned: true },
        operatorToken,
      )
    ).json<{ announcement: Announcement }>().announcement;
    const latest = (
      await post(t.app, '/admin/announcements', { title: 'New GDS group', body: 'Join now.' }, operatorToken)
    ).json<{ announcement: Announcement }>().announcement;

    const list = (await get(t.app, '/announcements')).json<{ data: Announcement[] }>().data.map((a) => a.id);
    expect(list.slice(0, 3)).toEqual([pinned.id, latest.id, first.id]);
    // Stored as written: the client renders markdown as plain elements, so the script is inert text.
    expect((await get(t.app, `/announcements/${first.id}`)).json().announcement.body).toContain('<script>');

    const edited = await post(
      t.app,
      `/admin/announcements/${first.id}/edit`,
      { ...input, title: 'Vault audit 2026' },
      operatorToken,
    );
    expect(edited.json().announcement.title).toBe('Vault audit 2026');
    expect((await post(t.app, `/admin/announcements/${first.id}/withdraw`, {}, operatorToken)).statusCode).toBe(200);
    expect((await get(t.app, `/announcements/${first.id}`)).statusCode).toBe(404);
    expect((await post(t.app, `/admin/announcements/${first.id}/withdraw`, {}, operatorToken)).statusCode).toBe(404);
    for (const bad of [
      { title: '', body: 'x' },
      { title: 'x'.repeat(161), body: 'x' },
      { title: 'x', body: 'y'.repeat(20_001) },
    ])
      expect((await post(t.app, '/admin/announcements', bad, operatorToken)).statusCode).toBe(400);
    const audit = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'content.announcement.%'`,
    );
    expect((audit.rows[0] as { n: number }).n).toBe(5);
  });
});

describe('terms', () => {
  it('are versioned: sign-up records the current one, a new one asks signed-in users once', async () => {
    expect(
      (await post(t.app, '/admin/terms', { title: 'Terms', body: 'Version one.' }, operatorToken)).json().version,
    ).toBe(1);
    expect((await get(t.app, '/terms')).json()).toMatchObject({ version: 1, body: 'Version one.' });

    // Sign-up accepts the version its form showed.
    const user = await signedInUser(t.app);
    expect((await get(t.app, '/terms/status', user.token)).json()).toMatchObject({
      acceptedVersion: 1,
      mustAccept: false,
    });

    await post(t.app, '/admin/terms', { title: 'Terms', body: 'Version two.' }, operatorToken);
    expect((await get(t.app, '/terms/status', user.token)).json()).toMatchObject({
      acceptedVersion: 1,
      mustAccept: true,
      current: { version: 2 },
    });
    const stale = await post(t.app, '/terms/accept', { version: 1 }, user.token);
    expect(stale.statusCode).toBe(409);
    const accepted = await post(t.app, '/terms/accept', { version: 2 }, user.token);
    expect(accepted.json()).toMatchObject({ acceptedVersion: 2, mustAccept: false });
    // Once: accepting again changes nothing.
    expect((await post(t.app, '/terms/accept', { version: 2 }, user.token)).json()).toMatchObject({
      acceptedVersion: 2,
    });
    expect((await post(t.app, '/terms/accept', { version: 2 })).statusCode).toBe(401);
    expect((await post(t.app, '/admin/terms', { title: 'Terms', body: 'Mine.' }, user.token)).statusCode).toBe(403);
  });
});

describe('contact and support', () => {
  it('opens a ticket from the public form, mails support and the sender, and the reply reaches the Support Center', async () => {
    const user = await signedInUser(t.app);
    const message = {
      name: 'Asha',
      email: user.input.email,
      subject: 'Statement question',
      message: 'Where is my PDF?',
    };
    const sent = await post(t.app, '/contact', message, user.token);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = sent.json().code as string;
    expect(code).toMatch(/^ST-[A-Z2-9]{8}$/);
    expect(await waitForSubjects('support@qmgt.local', 1)).toContain(`New support ticket ${code}: Statement question`);
    expect(await waitForSubjects(user.input.email, 2)).toContain(`We received your message (${code})`);

    const tickets = (await get(t.app, '/support/tickets', user.token)).json<{ data: Ticket[] }>().data;
    expect(tickets).toHaveLength(1);
    const ticket = tickets[0]!;
    expect(ticket).toMatchObject({ code, status: 'open', messages: [{ from: 'customer', body: 'Where is my PDF?' }] });

    // Another user reaches neither the ticket nor its answer form; only operators see the queue.
    const other = await signedInUser(t.app);
    expect((await get(t.app, `/support/tickets/${ticket.id}`, other.token)).statusCode).toBe(404);
    expect((await post(t.app, `/support/tickets/${ticket.id}/messages`, { body: 'hi' }, other.token)).statusCode).toBe(
      404,
    );
    expect((await get(t.app, '/support/tickets', other.token)).json().data).toEqual([]);
    expect((await get(t.app, '/admin/support/tickets', other.token)).statusCode).toBe(403);
    expect(
      (await post(t.app, `/admin/support/tickets/${ticket.id}/reply`, { body: 'x' }, other.token)).statusCode,
    ).toBe(403);

    const queue = (await get(t.app, '/admin/support/tickets', operatorToken)).json().data;
    expect(queue.find((q: { id: string }) => q.id === ticket.id)).toMatchObject({
      name: 'Asha',
      username: user.user.username,
    });
    const reply = await post(
      t.app,
      `/admin/support/tickets/${ticket.id}/reply`,
      { body: 'Under GAE, PDF.' },
      operatorToken,
    );
    expect(reply.statusCode).toBe(200);
    expect(await waitForSubjects(user.input.email, 3)).toContain(`Reply to your message (${code})`);
    const answered = (await get(t.app, `/support/tickets/${ticket.id}`, user.token)).json<{ ticket: Ticket }>().ticket;
    expect(answered.status).toBe('answered');
    expect(answered.messages.map((m) => m.from)).toEqual(['customer', 'support']);
    const followUp = await post(t.app, `/support/tickets/${ticket.id}/messages`, { body: 'Thanks!' }, user.token);
    expect(followUp.json().ticket.status).toBe('open');
    expect((await get(t.app, `/support/tickets/${randomUUID()}`, user.token)).statusCode).toBe(404);
  });

  it('takes a guest message without an account, refuses junk and oversized input', async () => {
    const guest = newAccountInput();
    const ok = await post(t.app, '/contact', {
      name: 'Guest',
      email: guest.email,
      subject: 'Hello',
      message: 'A question.',
    });
    expect(ok.statusCode).toBe(200);
    for (const bad of [
      { name: '', email: guest.email, subject: 's', message: 'm' },
      { name: 'n', email: 'not-an-email', subject: 's', message: 'm' },
      { name: 'n', email: guest.email, subject: 's', message: 'm'.repeat(5_001) },
      { name: 'n', email: guest.email, subject: 's' },
    ])
      expect((await post(t.app, '/contact', bad)).statusCode).toBe(400);
    // A stale token is refused rather than silently dropped.
    expect(
      (await post(t.app, '/contact', { name: 'n', email: guest.email, subject: 's', message: 'm' }, 'stale-token'))
        .statusCode,
    ).toBe(401);
  });
});

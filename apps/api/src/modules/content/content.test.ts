import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Announcement, MailboxMessage, Ticket } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get, newAccountInput, post, signedInUser } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';

let t: TestApp;
let operatorToken: string;
let operatorId: string;
beforeAll(async () => {
  ({ t, operatorToken, operatorId } = await buildWithOperator());
}, 120_000);
afterAll(async () => t.close());

const mails = async (to: string) =>
  (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(to)}`)).json<MailboxMessage[]>();
async function waitForSubjects(to: string, count: number) {
  for (let i = 0; i < 50 && (await mails(to)).length < count; i++) await new Promise((r) => setTimeout(r, 100));
  return (await mails(to)).map((m) => m.subject);
}
/** The newest mail to `to` with this subject, waited for. */
async function mailWithSubject(to: string, subject: string) {
  for (let i = 0; i < 50 && !(await mails(to)).some((m) => m.subject === subject); i++)
    await new Promise((r) => setTimeout(r, 100));
  const found = (await mails(to)).find((m) => m.subject === subject);
  if (!found)
    throw new Error(`no mail "${subject}" to ${to}; got ${(await mails(to)).map((m) => m.subject).join(' | ')}`);
  return found;
}
const SUPPORT = 'support@qmgt.local';
const count = async (sql: string) => ((await t.database.executeSql(sql)).rows[0] as { n: number }).n;

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
  it('a fresh installation publishes default terms once, at first start (issue 23)', async () => {
    const first = (await get(t.app, '/terms')).json();
    expect(first).toMatchObject({ version: 1, title: 'Terms and Conditions' });
    expect(first.body).toContain('## 2. Identity verification');
    // Another start (a second process, a restart) on the same database publishes nothing more.
    await t.app.services.content.ensureDefaultTerms();
    const versions = await t.database.executeSql('SELECT count(*)::int AS n FROM terms_versions');
    expect(Number(versions.rows[0]?.n)).toBe(1);
    const audited = await t.database.executeSql(
      "SELECT detail FROM audit_log WHERE action = 'content.terms.publish' ORDER BY created_at",
    );
    expect(audited.rows).toEqual([{ detail: 'version 1 (default, at first start)' }]);
    // Nobody is prompted for the default terms: not the operator, whose account predates them.
    expect((await get(t.app, '/terms/status', operatorToken)).json()).toMatchObject({
      current: { version: 1 },
      acceptedVersion: null,
      mustAccept: false,
    });
  });

  it('are versioned: sign-up records the current one, a new one asks signed-in users once', async () => {
    // The operator's own terms replace the default ones (version 1).
    expect(
      (await post(t.app, '/admin/terms', { title: 'Terms', body: 'Version two.' }, operatorToken)).json().version,
    ).toBe(2);
    expect((await get(t.app, '/terms')).json()).toMatchObject({ version: 2, body: 'Version two.' });

    // Sign-up accepts the version its form showed.
    const user = await signedInUser(t.app);
    expect((await get(t.app, '/terms/status', user.token)).json()).toMatchObject({
      acceptedVersion: 2,
      mustAccept: false,
    });

    await post(t.app, '/admin/terms', { title: 'Terms', body: 'Version three.' }, operatorToken);
    expect((await get(t.app, '/terms/status', user.token)).json()).toMatchObject({
      acceptedVersion: 2,
      mustAccept: true,
      current: { version: 3 },
    });
    const stale = await post(t.app, '/terms/accept', { version: 2 }, user.token);
    expect(stale.statusCode).toBe(409);
    const accepted = await post(t.app, '/terms/accept', { version: 3 }, user.token);
    expect(accepted.json()).toMatchObject({ acceptedVersion: 3, mustAccept: false });
    // Once: accepting again changes nothing.
    expect((await post(t.app, '/terms/accept', { version: 3 }, user.token)).json()).toMatchObject({
      acceptedVersion: 3,
    });
    expect((await post(t.app, '/terms/accept', { version: 3 })).statusCode).toBe(401);
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
    const followUp = await post(
      t.app,
      `/support/tickets/${ticket.id}/messages`,
      { body: 'Thanks! And the March one?' },
      user.token,
    );
    expect(followUp.json().ticket.status).toBe('open');
    // The follow-up is mailed as a new ticket is: support gets the message, the customer a receipt.
    const toSupport = await mailWithSubject(SUPPORT, `Follow-up on support ticket ${code}: Statement question`);
    expect(toSupport.text).toContain(`From Asha <${user.input.email}>.`);
    expect(toSupport.text).toContain('Thanks! And the March one?');
    expect(toSupport.text).not.toContain('Where is my PDF?');
    const receipt = await mailWithSubject(user.input.email, `We received your follow-up (${code})`);
    expect(receipt.text).toContain('/support');
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

describe('ticket text is text', () => {
  const markup = '<script>alert(1)</script> <img src=x onerror=alert(1)>';
  const escaped = '&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;';
  /** The mail's HTML shows the markup as characters and carries no element made from it. */
  const inert = (html: string) => {
    expect(html).toContain(escaped);
    expect(html).not.toMatch(/<script|<img/i);
  };

  it('stores markup in a contact message and in replies as written, and escapes it in every mail', async () => {
    const user = await signedInUser(t.app);
    const sent = await post(
      t.app,
      '/contact',
      { name: 'Mallory', email: user.input.email, subject: 'Hi <b>there</b>', message: `Hello ${markup}` },
      user.token,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const code = sent.json().code as string;
    const [ticket] = (await get(t.app, '/support/tickets', user.token)).json<{ data: Ticket[] }>().data;
    expect(ticket!.subject).toBe('Hi <b>there</b>');
    expect(ticket!.messages[0]!.body).toBe(`Hello ${markup}`);

    const opened = await mailWithSubject(SUPPORT, `New support ticket ${code}: Hi <b>there</b>`);
    inert(opened.html);
    expect(opened.html).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
    expect(opened.html).not.toContain('<b>there');
    expect(opened.text).toContain(`Hello ${markup}`);
    const receipt = await mailWithSubject(user.input.email, `We received your message (${code})`);
    expect(receipt.html).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
    expect(receipt.html).not.toContain('<b>there');

    const answer = await post(
      t.app,
      `/admin/support/tickets/${ticket!.id}/reply`,
      { body: `Re: ${markup}` },
      operatorToken,
    );
    expect(answer.statusCode).toBe(200);
    inert((await mailWithSubject(user.input.email, `Reply to your message (${code})`)).html);

    const followUp = await post(
      t.app,
      `/support/tickets/${ticket!.id}/messages`,
      { body: `Again ${markup}` },
      user.token,
    );
    expect(followUp.statusCode).toBe(200);
    inert((await mailWithSubject(SUPPORT, `Follow-up on support ticket ${code}: Hi <b>there</b>`)).html);

    const thread = (await get(t.app, `/support/tickets/${ticket!.id}`, user.token)).json<{ ticket: Ticket }>().ticket;
    expect(thread.messages.map((m) => m.body)).toEqual([`Hello ${markup}`, `Re: ${markup}`, `Again ${markup}`]);
    const queued = (await get(t.app, '/admin/support/tickets', operatorToken))
      .json<{ data: Ticket[] }>()
      .data.find((q) => q.id === ticket!.id);
    expect(queued?.messages.map((m) => m.body)).toEqual(thread.messages.map((m) => m.body));
  });
});

describe('closing a ticket', () => {
  it('is an audited operator action; the customer is mailed and sees it closed; no one can add to it', async () => {
    const user = await signedInUser(t.app);
    const sent = await post(
      t.app,
      '/contact',
      { name: 'Ravi', email: user.input.email, subject: 'Card question', message: 'Can I pay by card?' },
      user.token,
    );
    const code = sent.json().code as string;
    const [ticket] = (await get(t.app, '/support/tickets', user.token)).json<{ data: Ticket[] }>().data;
    await post(
      t.app,
      `/admin/support/tickets/${ticket!.id}/reply`,
      { body: 'Yes, under Spend to Save.' },
      operatorToken,
    );

    expect((await post(t.app, `/admin/support/tickets/${ticket!.id}/close`, {}, user.token)).statusCode).toBe(403);
    expect((await post(t.app, `/admin/support/tickets/${ticket!.id}/close`, {})).statusCode).toBe(401);
    expect((await post(t.app, `/admin/support/tickets/${randomUUID()}/close`, {}, operatorToken)).statusCode).toBe(404);
    const closed = await post(t.app, `/admin/support/tickets/${ticket!.id}/close`, {}, operatorToken);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().ticket).toMatchObject({ id: ticket!.id, status: 'closed', name: 'Ravi' });

    const audit = await t.database.executeSql(
      `SELECT actor_id, subject_id, detail FROM audit_log WHERE action = 'support.ticket.close' AND detail = '${code}'`,
    );
    expect(audit.rows).toEqual([{ actor_id: operatorId, subject_id: user.user.id, detail: code }]);
    const mailed = await mailWithSubject(user.input.email, `Your message is closed (${code})`);
    expect(mailed.text).toContain('a new message gets a new reference');
    expect((await get(t.app, `/support/tickets/${ticket!.id}`, user.token)).json().ticket.status).toBe('closed');

    // Final for both sides: each refusal is a clear 409 and writes nothing, audits nothing, mails nothing.
    const messages = () => count(`SELECT count(*)::int AS n FROM support_messages WHERE ticket_id = '${ticket!.id}'`);
    const audits = () => count(`SELECT count(*)::int AS n FROM audit_log WHERE detail = '${code}'`);
    const [messagesBefore, auditsBefore] = [await messages(), await audits()];
    const supportMailsBefore = (await mails(SUPPORT)).length;
    const customerMailsBefore = (await mails(user.input.email)).length;
    const followUp = await post(
      t.app,
      `/support/tickets/${ticket!.id}/messages`,
      { body: 'One more thing' },
      user.token,
    );
    expect(followUp.statusCode).toBe(409);
    expect(followUp.json().error.message).toBe('This ticket is closed. Send a new message from the contact form.');
    const answer = await post(
      t.app,
      `/admin/support/tickets/${ticket!.id}/reply`,
      { body: 'Late note' },
      operatorToken,
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(`${code} is closed: a closed ticket takes no more answers.`);
    const again = await post(t.app, `/admin/support/tickets/${ticket!.id}/close`, {}, operatorToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`${code} is already closed.`);
    expect(await messages()).toBe(messagesBefore);
    expect(await audits()).toBe(auditsBefore);
    expect((await get(t.app, `/support/tickets/${ticket!.id}`, user.token)).json().ticket.status).toBe('closed');
    // Mail goes out through a queue: give a wrongly sent one the time to arrive before counting.
    await new Promise((r) => setTimeout(r, 500));
    expect((await mails(SUPPORT)).length).toBe(supportMailsBefore);
    expect((await mails(user.input.email)).length).toBe(customerMailsBefore);
  });
});

describe('support mails survive a crash', () => {
  it("sends a message's mails and a close mail owed in the writes' transaction, once, after their process died", async () => {
    const user = await signedInUser(t.app);
    const code = `ST-CRASH${Math.floor(Math.random() * 90 + 10)}`;
    const ticketId = randomUUID();
    // The writes commit with their mails owed (as the service writes them), then the process
    // "dies": nothing else happens in it. One transaction has one now(): the customer's message
    // is dated a millisecond earlier, so it is the one that opened the ticket.
    await t.database.executeSql(
      `BEGIN;
       INSERT INTO support_tickets (id, code, user_id, name, email, subject, status)
       VALUES ('${ticketId}', '${code}', '${user.user.id}', 'Mara', '${user.input.email}', 'Lost mail', 'closed');
       INSERT INTO support_messages (ticket_id, author, author_id, body, created_at)
       VALUES ('${ticketId}', 'customer', '${user.user.id}', 'Is my mail lost?', now() - interval '1 millisecond');
       INSERT INTO support_messages (ticket_id, author, author_id, body)
       VALUES ('${ticketId}', 'support', NULL, 'No: it is sent late.');
       SELECT outbox_owe('support.message', 'support.message:' || id, jsonb_build_object('id', id))
         FROM support_messages WHERE ticket_id = '${ticketId}';
       SELECT outbox_owe('support.ticket-closed', 'support.ticket-closed:${ticketId}', jsonb_build_object('id', '${ticketId}'));
       COMMIT;`,
    );
    const subjects = [
      `We received your message (${code})`,
      `Reply to your message (${code})`,
      `Your message is closed (${code})`,
    ];
    const toCustomer = async () => (await mails(user.input.email)).filter((m) => m.subject.includes(code));
    const toSupport = async () => (await mails(SUPPORT)).filter((m) => m.subject.includes(code));
    // Whichever process's sender is running sends them.
    for (let i = 0; i < 50 && (await toCustomer()).length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await toCustomer()).map((m) => m.subject).sort()).toEqual([...subjects].sort());
    expect((await toSupport()).map((m) => m.subject)).toEqual([`New support ticket ${code}: Lost mail`]);
    const reply = (await toCustomer()).find((m) => m.subject.startsWith('Reply'));
    expect(reply?.text).toContain('No: it is sent late.');

    // Another pass, by any process: nothing of this ticket is owed, nothing is sent twice.
    for (let i = 0; i < 50 && (await t.app.outbox.messages('support.')).some((m) => m.sentAt === null); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await t.app.outbox.sendDue()).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await toCustomer()).toHaveLength(3);
    expect(await toSupport()).toHaveLength(1);
  });
});

describe('oversized input', () => {
  it('refuses an over-long ticket reply from either side and over-long terms, with a clear 400, storing nothing', async () => {
    const user = await signedInUser(t.app);
    await post(
      t.app,
      '/contact',
      { name: 'Lee', email: user.input.email, subject: 'Long', message: 'Short first.' },
      user.token,
    );
    const [ticket] = (await get(t.app, '/support/tickets', user.token)).json<{ data: Ticket[] }>().data;
    const messages = () => count(`SELECT count(*)::int AS n FROM support_messages WHERE ticket_id = '${ticket!.id}'`);
    const terms = () => count(`SELECT count(*)::int AS n FROM terms_versions`);
    const audits = () => count(`SELECT count(*)::int AS n FROM audit_log WHERE actor_id = '${operatorId}'`);
    const before = { messages: await messages(), terms: await terms(), audits: await audits() };

    const long = 'x'.repeat(5_001);
    for (const [url, token] of [
      [`/support/tickets/${ticket!.id}/messages`, user.token],
      [`/admin/support/tickets/${ticket!.id}/reply`, operatorToken],
    ] as const) {
      const res = await post(t.app, url, { body: long }, token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({
        name: 'ValidationError',
        message: 'A message is at most 5,000 characters',
        details: { issues: [expect.objectContaining({ path: 'body' })] },
      });
    }
    const tooLongTerms = await post(
      t.app,
      '/admin/terms',
      { title: 'Terms', body: 'y'.repeat(100_001) },
      operatorToken,
    );
    expect(tooLongTerms.statusCode).toBe(400);
    expect(tooLongTerms.json().error.message).toBe('The terms are at most 100,000 characters');
    const tooLongTitle = await post(t.app, '/admin/terms', { title: 't'.repeat(161), body: 'Fine.' }, operatorToken);
    expect(tooLongTitle.statusCode).toBe(400);
    expect(tooLongTitle.json().error.message).toBe('The title is at most 160 characters');
    expect({ messages: await messages(), terms: await terms(), audits: await audits() }).toEqual(before);

    // Exactly at the limit is accepted: the limit is where the message says.
    const atLimit = await post(
      t.app,
      `/support/tickets/${ticket!.id}/messages`,
      { body: 'z'.repeat(5_000) },
      user.token,
    );
    expect(atLimit.statusCode).toBe(200);
    expect(await messages()).toBe(before.messages + 1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailboxMessage } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, newAccountInput, post } from '../../test/factories.js';

/*
 * The contact form is public, so it is rate-limited per address. Its limit follows the sign-in
 * limit (a quarter of it, at least 5): with RATE_LIMIT_AUTH_MAX at 4 it is 5 messages a window.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build({ rateLimit: { authMax: 4, windowMs: 60_000 } });
}, 120_000);
afterAll(async () => t.close());

const tickets = async () =>
  ((await t.database.executeSql('SELECT count(*)::int AS n FROM support_tickets')).rows[0] as { n: number }).n;
const supportMails = async () =>
  (await get(t.app, '/dev/mailbox?to=support%40qmgt.local')).json<MailboxMessage[]>().length;

describe('the contact form rate limit', () => {
  it('answers 429 with a clear message after 5 messages, and opens no ticket', async () => {
    const message = () => ({ name: 'Guest', email: newAccountInput().email, subject: 'Hello', message: 'A question.' });
    for (let i = 0; i < 5; i++) expect((await post(t.app, '/contact', message())).statusCode).toBe(200);
    expect(await tickets()).toBe(5);
    for (let i = 0; i < 50 && (await supportMails()) < 5; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await supportMails()).toBe(5);

    const refused = await post(t.app, '/contact', message());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ status: 429, name: 'RateLimitError' });
    expect(refused.json().error.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(await tickets()).toBe(5);
    // Mail goes out through a queue: give a wrongly queued one the time to arrive before counting.
    await new Promise((r) => setTimeout(r, 500));
    expect(await supportMails()).toBe(5);
  });
});

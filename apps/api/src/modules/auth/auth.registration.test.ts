import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { User } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import {
  get,
  linkToken,
  mailCount,
  newAccountInput,
  post,
  registerUser,
  signedInUser,
  waitForMail,
} from '../../test/factories.js';
import { users } from '../../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

describe('registration', () => {
  it('creates an unconfirmed customer with a public hash and a referral code, and sends no mail yet', async () => {
    const input = newAccountInput({ email: 'Mixed.Case@Example.COM' });
    const res = await post(t.app, '/auth/local/register', input);
    expect(res.statusCode).toBe(200);
    const { user } = res.json<{ user: User }>();
    expect(user).toMatchObject({
      username: input.username,
      email: 'mixed.case@example.com',
      confirmed: false,
      kycVerified: 'Not Verified',
      role: 'customer',
    });
    expect(user.userHash).toMatch(/^[0-9a-f]{32}$/);
    expect(user.refCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(res.body).not.toContain('password');
    expect(await mailCount(t.app, 'mixed.case@example.com')).toBe(0);
  });

  it('stores the password as an argon2id hash with at least 19 MiB and two passes', async () => {
    const { user } = await registerUser(t.app);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, tCost] = /m=(\d+),t=(\d+)/.exec(row!.passwordHash)!;
    expect(Number(m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(tCost)).toBeGreaterThanOrEqual(2);
  });

  it('refuses a taken e-mail or username (case-insensitive) with 409 and changes nothing', async () => {
    const { input } = await registerUser(t.app);
    const sameEmail = await post(t.app, '/auth/local/register', newAccountInput({ email: input.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toMatchObject({ name: 'ConflictError', details: { field: 'email' } });
    const sameName = await post(
      t.app,
      '/auth/local/register',
      newAccountInput({ username: input.username.toUpperCase() }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.details).toEqual({ field: 'username' });
  });

  it.each([
    [{}, 'Username is required'],
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: 'has space' }, 'Username may contain letters, digits, dot, dash and underscore only'],
    [{ email: 'not-an-email' }, 'Enter a valid e-mail address'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ ref: 'bad code!' }, 'Referral code may contain letters and digits only'],
  ])('refuses %j with a clear message', async (patch, message) => {
    const body = Object.keys(patch).length === 0 ? {} : { ...newAccountInput(), ...patch };
    const res = await post(t.app, '/auth/local/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ status: 400, name: 'ValidationError', message });
  });

  it('records the upline from a referral code, and get-upline tells the referred user', async () => {
    const referrer = await signedInUser(t.app);
    const referred = await signedInUser(t.app, { ref: referrer.user.refCode.toLowerCase() });
    expect((await get(t.app, '/get-upline', referred.token)).json()).toEqual({ upline: true });
    expect((await get(t.app, '/get-upline', referrer.token)).json()).toEqual({ upline: false });
  });

  it('refuses an unknown referral code instead of silently dropping it', async () => {
    const input = newAccountInput({ ref: 'ZZZZZZZZ' });
    const res = await post(t.app, '/auth/local/register', input);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: expect.stringContaining('referral code does not exist'),
      details: { field: 'ref' },
    });
    const login = await post(t.app, '/auth/local', { identifier: input.email, password: input.password });
    expect(login.statusCode).toBe(400);
  });
});

describe('e-mail verification', () => {
  it('mails an absolute link built from PUBLIC_URL whose token confirms the account once', async () => {
    const { input } = await registerUser(t.app);
    expect((await post(t.app, '/link-verification/registration', { email: input.email })).json()).toEqual({ ok: true });
    const mail = await waitForMail(t.app, input.email);
    expect(mail.subject).toBe('Verify your e-mail address');
    expect(mail.text).toMatch(/http:\/\/qmgt\.test\/Email-Verification\/[A-Za-z0-9_-]{43}\b/);
    expect(mail.html).toContain('http://qmgt.test/Email-Verification/');
    const token = linkToken(mail, 'Email-Verification');

    const first = await post(t.app, '/link-verification/code-register', { verifyCode: token });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ user: User }>().user.confirmed).toBe(true);

    const replay = await post(t.app, '/link-verification/code-register', { verifyCode: token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe('This link is invalid or has expired. Please ask for a new one.');
  });

  it('refuses sign-in before verification with a clear 403', async () => {
    const { input } = await registerUser(t.app);
    const res = await post(t.app, '/auth/local', { identifier: input.username, password: input.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/verify your e-mail/);
  });

  it('answers the same for unknown and already confirmed addresses, and mails neither', async () => {
    const { input } = await signedInUser(t.app);
    const before = await mailCount(t.app, input.email);
    const known = await post(t.app, '/link-verification/registration', { email: input.email });
    const unknown = await post(t.app, '/link-verification/registration', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await mailCount(t.app, input.email)).toBe(before);
    expect(await mailCount(t.app, 'nobody-here@example.com')).toBe(0);
  });

  it('a re-sent link replaces the earlier one', async () => {
    const { input } = await registerUser(t.app);
    await post(t.app, '/link-verification/registration', { email: input.email });
    const firstMail = await waitForMail(t.app, input.email, 0);
    await post(t.app, '/link-verification/registration', { email: input.email });
    const secondMail = await waitForMail(t.app, input.email, 1);
    const stale = await post(t.app, '/link-verification/code-register', {
      verifyCode: linkToken(firstMail, 'Email-Verification'),
    });
    expect(stale.statusCode).toBe(400);
    const fresh = await post(t.app, '/link-verification/code-register', {
      verifyCode: linkToken(secondMail, 'Email-Verification'),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { input } = await registerUser(t.app);
    await post(t.app, '/link-verification/registration', { email: input.email });
    const token = linkToken(await waitForMail(t.app, input.email), 'Email-Verification');
    await t.database.executeSql(
      `UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    const res = await post(t.app, '/link-verification/code-register', { verifyCode: token });
    expect(res.statusCode).toBe(400);
  });

  it('spends a token once even when two requests race for it', async () => {
    const { input } = await registerUser(t.app);
    await post(t.app, '/link-verification/registration', { email: input.email });
    const token = linkToken(await waitForMail(t.app, input.email), 'Email-Verification');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(t.app, '/link-verification/code-register', { verifyCode: token })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
  });
});

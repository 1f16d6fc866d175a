import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WEAK_PASSWORD_MESSAGE, type RegisterResponse, type SessionResponse, type User } from '@qmgt/contracts';
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

const userCount = async () => Number((await t.database.executeSql('SELECT count(*)::int AS n FROM users')).rows[0]?.n);

describe('registration', () => {
  it('creates an unconfirmed customer with a public hash and a referral code, and sends no mail yet', async () => {
    const input = newAccountInput({ email: 'Mixed.Case@Example.COM' });
    const res = await post(t.app, '/auth/local/register', input);
    expect(res.statusCode).toBe(200);
    const { user } = res.json<RegisterResponse>();
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: input.username,
      email: 'mixed.case@example.com',
      confirmed: false,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ confirmed: false, kycStatus: 'Not Verified', role: 'customer' });
    expect(row?.userHash).toMatch(/^[0-9a-f]{32}$/);
    expect(row?.refCode).toMatch(/^[A-Z2-9]{8}$/);
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

  it('answers a taken e-mail exactly like a free one, creates nothing and mails the owner instead', async () => {
    const { input: owner } = await registerUser(t.app);
    const usersBefore = await userCount();
    const attempt = newAccountInput({ email: owner.email.toUpperCase(), password: 'another-password-1' });
    const fresh = newAccountInput();
    const [taken, free] = await Promise.all([
      post(t.app, '/auth/local/register', attempt),
      post(t.app, '/auth/local/register', fresh),
    ]);
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    const shape = (body: RegisterResponse) => ({ ...body.user, id: typeof body.user.id });
    expect(shape(taken.json())).toEqual({
      id: 'string',
      username: attempt.username,
      email: owner.email,
      confirmed: false,
    });
    expect(Object.keys(taken.json().user)).toEqual(Object.keys(free.json().user));
    expect(taken.json().user.id).not.toBe(free.json().user.id);
    expect(await userCount()).toBe(usersBefore + 1);

    const mail = await waitForMail(t.app, owner.email);
    expect(mail.subject).toBe('Someone tried to register with your address');
    expect(mail.text).toContain(`Hello ${owner.username}`);
    expect(mail.text).toContain('http://qmgt.test/forgot-password');
    // The owner's password still works; the attempt's does not.
    await post(t.app, '/link-verification/registration', { email: owner.email });
    const verify = await waitForMail(t.app, owner.email, 1);
    await post(t.app, '/link-verification/code-register', { verifyCode: linkToken(verify, 'Email-Verification') });
    expect((await post(t.app, '/auth/local', { identifier: owner.email, password: owner.password })).statusCode).toBe(
      200,
    );
    expect((await post(t.app, '/auth/local', { identifier: owner.email, password: attempt.password })).statusCode).toBe(
      401,
    );
  });

  it('answers a taken username like a free one and explains it to the address given', async () => {
    const { input: owner } = await registerUser(t.app);
    const usersBefore = await userCount();
    const attempt = newAccountInput({ username: owner.username.toUpperCase() });
    const res = await post(t.app, '/auth/local/register', attempt);
    expect(res.statusCode).toBe(200);
    expect(res.json<RegisterResponse>().user).toMatchObject({ username: attempt.username, email: attempt.email });
    expect(await userCount()).toBe(usersBefore);
    const mail = await waitForMail(t.app, attempt.email);
    expect(mail.subject).toBe('Your QMGT account was not created');
    expect(mail.text).toContain(`"${attempt.username}"`);
    expect(await mailCount(t.app, owner.email)).toBe(0);
  });

  it('two sign-ups racing for one address create one account and answer both alike', async () => {
    const input = newAccountInput();
    const results = await Promise.all(
      [0, 1, 2].map((i) => post(t.app, '/auth/local/register', { ...input, username: `${input.username}${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.database.executeSql('SELECT count(*)::int AS n FROM users WHERE email = $1', [input.email]);
    expect(Number(rows.rows[0]?.n)).toBe(1);
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

  it('refuses a common password such as "password1" (422: the document cannot state the rule)', async () => {
    const input = newAccountInput({ password: 'password1' });
    const res = await post(t.app, '/auth/local/register', input);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ status: 422, message: WEAK_PASSWORD_MESSAGE });
    const rows = await t.database.executeSql('SELECT count(*)::int AS n FROM users WHERE email = $1', [input.email]);
    expect(Number(rows.rows[0]?.n)).toBe(0);
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
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      message: expect.stringContaining('referral code does not exist'),
      details: { field: 'ref' },
    });
    const login = await post(t.app, '/auth/local', { identifier: input.email, password: input.password });
    expect(login.statusCode).toBe(401);
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

    // Opened again: the account is verified, and the answer says so rather than "invalid".
    const replay = await post(t.app, '/link-verification/code-register', { verifyCode: token });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.message).toBe('Your e-mail address is already verified. You can log in.');
    expect(replay.json()).not.toHaveProperty('jwt');
  });

  it('signs the owner in with the link: a session like the log-in, audited, once (issue 23)', async () => {
    const { input } = await registerUser(t.app);
    await post(t.app, '/link-verification/registration', { email: input.email });
    const token = linkToken(await waitForMail(t.app, input.email), 'Email-Verification');

    const verified = await post(t.app, '/link-verification/code-register', { verifyCode: token });
    expect(verified.statusCode).toBe(200);
    const session = verified.json<SessionResponse>();
    expect(session.user).toMatchObject({ email: input.email, username: input.username, confirmed: true });
    expect(session.jwt).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The session is a real one: it reads the customer's own details.
    const me = await get(t.app, '/getInfo', session.jwt);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: input.email } });

    const audited = await t.database.executeSql(
      `SELECT action, detail FROM audit_log WHERE subject_id = $1 ORDER BY created_at, action`,
      [session.user.id],
    );
    expect(audited.rows).toEqual(
      expect.arrayContaining([
        { action: 'account.email_verified', detail: null },
        { action: 'account.signed_in', detail: 'e-mail verification link' },
      ]),
    );
    // A second click opens no second session.
    const again = await post(t.app, '/link-verification/code-register', { verifyCode: token });
    expect(again.statusCode).toBe(409);
    const sessions = await t.database.executeSql('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [
      session.user.id,
    ]);
    expect(Number(sessions.rows[0]?.n)).toBe(1);
  });

  it('calls a link that never confirmed anything invalid, whatever its shape', async () => {
    const unknown = await post(t.app, '/link-verification/code-register', { verifyCode: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe('This link is invalid or has expired. Please ask for a new one.');
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
    expect(stale.statusCode).toBe(422);
    const fresh = await post(t.app, '/link-verification/code-register', {
      verifyCode: linkToken(secondMail, 'Email-Verification'),
    });
    expect(fresh.statusCode).toBe(200);
    // The replaced link of an account now verified: "already verified" too.
    const again = await post(t.app, '/link-verification/code-register', {
      verifyCode: linkToken(firstMail, 'Email-Verification'),
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an expired link', async () => {
    const { input } = await registerUser(t.app);
    await post(t.app, '/link-verification/registration', { email: input.email });
    const token = linkToken(await waitForMail(t.app, input.email), 'Email-Verification');
    await t.database.executeSql(
      `UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    const res = await post(t.app, '/link-verification/code-register', { verifyCode: token });
    expect(res.statusCode).toBe(422);
  });

  it('spends a token once even when two requests race for it', async () => {
    const { input } = await registerUser(t.app);
    await post(t.app, '/link-verification/registration', { email: input.email });
    const token = linkToken(await waitForMail(t.app, input.email), 'Email-Verification');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(t.app, '/link-verification/code-register', { verifyCode: token })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The others lost the race: "already verified" once the winner committed, else "invalid".
    expect(results.filter((r) => r.statusCode === 409 || r.statusCode === 422)).toHaveLength(5);
  });
});

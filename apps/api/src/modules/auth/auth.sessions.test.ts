import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse, User } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { DEFAULT_PASSWORD, get, linkToken, mailCount, post, signedInUser, waitForMail } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

const ageSessions = (column: 'last_seen_at' | 'expires_at', interval: string) =>
  t.database.executeSql(`UPDATE sessions SET ${column} = ${column} - interval '${interval}'`);

describe('sign in', () => {
  it('accepts the e-mail (any case) or the username and answers { jwt, user }', async () => {
    const { input } = await signedInUser(t.app);
    for (const identifier of [input.email.toUpperCase(), input.username, input.username.toUpperCase()]) {
      const res = await post(t.app, '/auth/local', { identifier, password: input.password });
      expect(res.statusCode).toBe(200);
      const body = res.json<SessionResponse>();
      expect(body.jwt.length).toBeGreaterThanOrEqual(43);
      expect(body.user).toMatchObject({ username: input.username, confirmed: true });
    }
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const { input } = await signedInUser(t.app);
    const wrong = await post(t.app, '/auth/local', { identifier: input.email, password: 'not-the-password' });
    const unknown = await post(t.app, '/auth/local', { identifier: 'ghost@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().error.message).toBe('Invalid e-mail/username or password.');
  });

  it('getInfo answers the signed-in user; no token, a junk token or a malformed header gets 401', async () => {
    const { token, user } = await signedInUser(t.app);
    const info = await get(t.app, '/getInfo', token);
    expect(info.statusCode).toBe(200);
    expect(info.json<{ user: User }>().user).toEqual(user);
    expect((await get(t.app, '/getInfo')).statusCode).toBe(401);
    expect((await get(t.app, '/getInfo', 'junk')).statusCode).toBe(401);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/getInfo',
      headers: { authorization: `Basic ${token}` },
    });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().error).toMatchObject({ status: 401, name: 'UnauthorizedError' });
  });
});

describe('server-side sessions', () => {
  it('logout ends the session on the server: the same token is refused afterwards', async () => {
    const { token } = await signedInUser(t.app);
    const other = await post(t.app, '/auth/local', {
      identifier: (await get(t.app, '/getInfo', token)).json().user.email,
      password: DEFAULT_PASSWORD,
    });
    const otherToken = other.json<SessionResponse>().jwt;
    const out = await post(t.app, '/auth/logout', undefined, token);
    expect(out.statusCode).toBe(204);
    expect((await get(t.app, '/getInfo', token)).statusCode).toBe(401);
    expect((await post(t.app, '/auth/logout', undefined, token)).statusCode).toBe(401);
    // Only that session ended: the user's other device stays signed in.
    expect((await get(t.app, '/getInfo', otherToken)).statusCode).toBe(200);
  });

  it('a session idle for 15 minutes is refused, and activity keeps it alive', async () => {
    const a = await signedInUser(t.app);
    await ageSessions('last_seen_at', '14 minutes');
    expect((await get(t.app, '/getInfo', a.token)).statusCode).toBe(200);
    await ageSessions('last_seen_at', '14 minutes');
    expect((await get(t.app, '/getInfo', a.token)).statusCode).toBe(200);
    await ageSessions('last_seen_at', '15 minutes');
    const idle = await get(t.app, '/getInfo', a.token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.message).toBe('Your session has ended. Please sign in again.');
  });

  it('a session ends 8 hours after sign-in however active it was', async () => {
    const a = await signedInUser(t.app);
    expect((await get(t.app, '/getInfo', a.token)).statusCode).toBe(200);
    await t.database.executeSql(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await get(t.app, '/getInfo', a.token)).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('needs the current password, ends every other session and hands back a new one', async () => {
    const { input, token } = await signedInUser(t.app);
    const second = (
      await post(t.app, '/auth/local', { identifier: input.email, password: input.password })
    ).json<SessionResponse>().jwt;

    const wrong = await post(
      t.app,
      '/auth/local/change-password',
      { currentPassword: 'wrong-password', password: 'new-password-1', passwordConfirmation: 'new-password-1' },
      token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe('The current password is incorrect.');
    expect((await get(t.app, '/getInfo', second)).statusCode).toBe(200);

    const mismatch = await post(
      t.app,
      '/auth/local/change-password',
      { currentPassword: input.password, password: 'new-password-1', passwordConfirmation: 'new-password-2' },
      token,
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.message).toBe('Passwords do not match');

    const ok = await post(
      t.app,
      '/auth/local/change-password',
      { currentPassword: input.password, password: 'new-password-1', passwordConfirmation: 'new-password-1' },
      token,
    );
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json<SessionResponse>().jwt;
    expect((await get(t.app, '/getInfo', token)).statusCode).toBe(401);
    expect((await get(t.app, '/getInfo', second)).statusCode).toBe(401);
    expect((await get(t.app, '/getInfo', fresh)).statusCode).toBe(200);
    expect((await post(t.app, '/auth/local', { identifier: input.email, password: input.password })).statusCode).toBe(
      401,
    );
    expect((await post(t.app, '/auth/local', { identifier: input.email, password: 'new-password-1' })).statusCode).toBe(
      200,
    );
  });

  it('is refused without a session', async () => {
    const res = await post(t.app, '/auth/local/change-password', {
      currentPassword: 'whatever-1',
      password: 'new-password-1',
      passwordConfirmation: 'new-password-1',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers alike for known and unknown addresses and mails only the known one', async () => {
    const { input } = await signedInUser(t.app);
    const before = await mailCount(t.app, input.email);
    const known = await post(t.app, '/link-verification/forgot-password', { email: input.email });
    const unknown = await post(t.app, '/link-verification/forgot-password', { email: 'unknown-person@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mail = await waitForMail(t.app, input.email, before);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toMatch(/http:\/\/qmgt\.test\/Change-Password\/[A-Za-z0-9_-]{43}\b/);
    expect(await mailCount(t.app, 'unknown-person@example.com')).toBe(0);
  });

  it('the link sets a new password once and ends every session of the user', async () => {
    const { input, token } = await signedInUser(t.app);
    const before = await mailCount(t.app, input.email);
    await post(t.app, '/link-verification/forgot-password', { email: input.email });
    const resetToken = linkToken(await waitForMail(t.app, input.email, before), 'Change-Password');

    const body = { token: resetToken, password: 'brand-new-pass', passwordConfirmation: 'brand-new-pass' };
    const res = await post(t.app, '/reset-verification/reset-password', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await get(t.app, '/getInfo', token)).statusCode).toBe(401);
    expect((await post(t.app, '/auth/local', { identifier: input.email, password: 'brand-new-pass' })).statusCode).toBe(
      200,
    );

    const replay = await post(t.app, '/reset-verification/reset-password', {
      ...body,
      password: 'another-pass-1',
      passwordConfirmation: 'another-pass-1',
    });
    expect(replay.statusCode).toBe(422);
    expect((await post(t.app, '/auth/local', { identifier: input.email, password: 'another-pass-1' })).statusCode).toBe(
      401,
    );
  });

  it('refuses an expired reset link, and a verification token cannot reset a password', async () => {
    const { input } = await signedInUser(t.app);
    const before = await mailCount(t.app, input.email);
    await post(t.app, '/link-verification/forgot-password', { email: input.email });
    const resetToken = linkToken(await waitForMail(t.app, input.email, before), 'Change-Password');
    await t.database.executeSql(
      `UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'password_reset'`,
    );
    const expired = await post(t.app, '/reset-verification/reset-password', {
      token: resetToken,
      password: 'brand-new-pass',
      passwordConfirmation: 'brand-new-pass',
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.message).toBe('This link is invalid or has expired. Please ask for a new one.');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';
import { newAccountInput, post, waitForMail } from '../../test/factories.js';

/**
 * Issue 23: links in account mails lead to the address the customer used. Without PUBLIC_URL
 * a request from this machine is answered at its own origin; a forged Host is never used.
 */
describe('account mail links follow the address the app was opened at', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ publicUrl: 'http://localhost:3000', publicUrlFixed: false });
  });
  afterAll(() => t.close());

  const signUpAt = async (headers: Record<string, string>, remoteAddress = '127.0.0.1') => {
    const input = newAccountInput();
    for (const url of ['/api/auth/local/register', '/api/link-verification/registration']) {
      const res = await t.app.inject({ method: 'POST', url, payload: input, headers, remoteAddress });
      expect(res.statusCode, res.body).toBe(200);
    }
    return (await waitForMail(t.app, input.email)).text;
  };

  it('opened at 127.0.0.1:4321, the verification link goes there (not localhost:3000)', async () => {
    expect(await signUpAt({ host: '127.0.0.1:4321' })).toMatch(
      /http:\/\/127\.0\.0\.1:4321\/Email-Verification\/[A-Za-z0-9_-]{43}/,
    );
  });

  it('the password reset link too', async () => {
    const input = newAccountInput();
    await post(t.app, '/auth/local/register', input);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/link-verification/forgot-password',
      payload: { email: input.email },
      headers: { host: 'localhost:4100' },
    });
    expect(res.statusCode).toBe(200);
    expect((await waitForMail(t.app, input.email)).text).toMatch(/http:\/\/localhost:4100\/Change-Password\//);
  });

  it('a forged Host gets the default address, never its own', async () => {
    const text = await signUpAt({ host: 'evil.example' });
    expect(text).not.toContain('evil.example');
    expect(text).toMatch(/http:\/\/localhost:3000\/Email-Verification\//);
  });

  it('a loopback Host from another machine gets the default address too', async () => {
    expect(await signUpAt({ host: '127.0.0.1:9999' }, '203.0.113.9')).toMatch(
      /http:\/\/localhost:3000\/Email-Verification\//,
    );
  });
});

describe('a configured PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ publicUrl: 'https://app.example.com', publicUrlFixed: true });
  });
  afterAll(() => t.close());

  it('wins over the request, even one on this machine', async () => {
    const input = newAccountInput();
    for (const url of ['/api/auth/local/register', '/api/link-verification/registration']) {
      await t.app.inject({ method: 'POST', url, payload: input, headers: { host: '127.0.0.1:4321' } });
    }
    expect((await waitForMail(t.app, input.email)).text).toMatch(/https:\/\/app\.example\.com\/Email-Verification\//);
  });
});

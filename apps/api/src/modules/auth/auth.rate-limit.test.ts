import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';
import { post } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ rateLimit: { authMax: 3, windowMs: 60_000 } });
});
afterAll(async () => t.close());

describe('rate limits on sign-in, verification and reset', () => {
  it.each([
    ['/auth/local', { identifier: 'someone', password: 'guess-guess' }],
    ['/link-verification/code-register', { verifyCode: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['/link-verification/forgot-password', { email: 'someone@example.com' }],
    [
      '/reset-verification/reset-password',
      {
        token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        password: 'a-new-password-9',
        passwordConfirmation: 'a-new-password-9',
      },
    ],
    ['/link-verification/registration', { email: 'someone@example.com' }],
  ])('%s answers 429 with a clear message after the limit', async (url, body) => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(t.app, url, body)).statusCode);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    const res = await post(t.app, url, body);
    expect(res.json().error).toMatchObject({ status: 429, name: 'RateLimitError' });
    expect(res.json().error.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });
});

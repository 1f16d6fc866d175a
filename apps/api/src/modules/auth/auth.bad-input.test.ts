import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { build, type TestApp } from '../../test/build.js';
import { signedInUser } from '../../test/factories.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  token = (await signedInUser(t.app)).token;
});
afterAll(async () => t.close());

const ENDPOINTS: { method: 'GET' | 'POST'; url: string; auth?: boolean }[] = [
  { method: 'POST', url: '/api/auth/local/register' },
  { method: 'POST', url: '/api/link-verification/registration' },
  { method: 'POST', url: '/api/link-verification/code-register' },
  { method: 'POST', url: '/api/auth/local' },
  { method: 'POST', url: '/api/link-verification/forgot-password' },
  { method: 'POST', url: '/api/reset-verification/reset-password' },
  { method: 'POST', url: '/api/auth/local/change-password', auth: true },
  { method: 'POST', url: '/api/auth/logout', auth: true },
  { method: 'GET', url: '/api/getInfo', auth: true },
  { method: 'GET', url: '/api/get-upline', auth: true },
  { method: 'GET', url: '/api/dev/mailbox' },
  { method: 'POST', url: '/api/applicant/access-token', auth: true },
  { method: 'POST', url: '/api/applicant/get-status', auth: true },
  { method: 'POST', url: '/api/applicant/get-data', auth: true },
  { method: 'POST', url: '/api/verification/personal-info', auth: true },
  { method: 'POST', url: '/api/verification/save-draft-personal', auth: true },
  { method: 'POST', url: '/api/update-picture', auth: true },
  { method: 'POST', url: '/api/dev/kyc/review' },
  { method: 'POST', url: '/api/kyc/webhook' },
  { method: 'POST', url: '/api/sandbox-kyc/submit' },
];

const userCount = async () => Number((await t.database.executeSql('SELECT count(*)::int AS n FROM users')).rows[0]?.n);
const sessionCount = async () =>
  Number((await t.database.executeSql('SELECT count(*)::int AS n FROM sessions WHERE ended_at IS NULL')).rows[0]?.n);

describe('no input of any shape gives a 5xx', () => {
  it('answers junk JSON bodies with a 4xx error body on every endpoint and changes nothing', async () => {
    const usersBefore = await userCount();
    const sessionsBefore = await sessionCount();
    // The applicant calls accept an empty object (they then mean the caller), so they are only in the next property.
    const postEndpoints = ENDPOINTS.filter(
      (e) => e.method === 'POST' && e.url !== '/api/auth/logout' && !e.url.startsWith('/api/applicant/'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...postEndpoints), fc.jsonValue({ maxDepth: 3 }), async (endpoint, body) => {
        const res = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers: {
            'content-type': 'application/json',
            ...(endpoint.auth ? { authorization: `Bearer ${token}` } : {}),
          },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${endpoint.url} ${JSON.stringify(body)} -> ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        const error = res.json().error;
        expect(error.status).toBe(res.statusCode);
        expect(typeof error.message).toBe('string');
        expect(error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
    expect(await userCount()).toBe(usersBefore);
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it('answers strings of any content with a 4xx in every field', async () => {
    const fields = [
      'username',
      'email',
      'password',
      'ref',
      'identifier',
      'verifyCode',
      'token',
      'passwordConfirmation',
      'currentPassword',
      'userId',
      'uid',
      'externalUserId',
      'reviewAnswer',
      'firstName',
      'dateOfBirth',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS.filter((e) => e.method === 'POST' && e.url !== '/api/auth/logout')),
        fc.dictionary(
          fc.constantFrom(...fields),
          fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 50 })),
        ),
        async (endpoint, body) => {
          const res = await t.app.inject({
            method: 'POST',
            url: endpoint.url,
            payload: body,
            headers: endpoint.auth ? { authorization: `Bearer ${token}` } : {},
          });
          expect(res.statusCode, `${endpoint.url} ${JSON.stringify(body)} -> ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each([
    ['malformed JSON', '{"email":', 'application/json', 400, 'The request body is not valid JSON.'],
    ['an array body', '[]', 'application/json', 400, 'The request body must be a JSON object.'],
    ['a form body', 'email=a@b.c', 'application/x-www-form-urlencoded', 415, 'This content type is not accepted here.'],
    ['plain text', 'hello', 'text/plain', 400, 'The request body must be a JSON object.'],
  ])('%s gets a clear 4xx', async (_label, payload, contentType, status, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/link-verification/forgot-password',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
  });

  it('a body over 1 MiB gets 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ identifier: 'x'.repeat(1_100_000), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.name).toBe('PayloadTooLargeError');
  });

  it('an unknown API path is a JSON 404, and a long or odd path is not a 5xx', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ status: 404, name: 'NotFoundError' });
    expect((await t.app.inject({ method: 'GET', url: `/api/${'%'.repeat(10)}` })).statusCode).toBeLessThan(500);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/getAccountAddress/${'a'.repeat(5000)}` })).statusCode,
    ).toBeLessThan(500);
  });
});

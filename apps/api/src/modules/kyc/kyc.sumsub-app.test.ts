import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { build, type TestApp } from '../../test/build.js';
import { post, signedInUser } from '../../test/factories.js';

const BASE = 'https://api.sumsub.test';
let providerUp = true;
const server = setupServer(
  http.get(`${BASE}/resources/applicants/:lookup/one`, ({ params }) => {
    if (!providerUp) return HttpResponse.json({ description: 'Service unavailable', code: 503 }, { status: 503 });
    const lookup = String(params.lookup);
    const externalUserId = lookup.startsWith('-;externalUserId=') ? lookup.slice('-;externalUserId='.length) : 'user';
    return HttpResponse.json({
      id: `sumsub-${externalUserId}`,
      externalUserId,
      createdAt: '2026-11-21 10:00:00',
      levelName: 'basic-kyc-level',
      review: { reviewStatus: 'pending' },
    });
  }),
  http.post(`${BASE}/resources/accessTokens/sdk`, async ({ request }) => {
    const body = (await request.json()) as { userId: string };
    return HttpResponse.json({ token: '_act-sbx-jwt-token', userId: body.userId });
  }),
);

let t: TestApp;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  t = await build({
    kyc: {
      provider: 'sumsub',
      levelName: 'basic-kyc-level',
      webhookSecret: 'sumsub-webhook-secret-0123456789',
      sumsub: { appToken: 'sbx:token', secretKey: 'secret', baseUrl: BASE, timeoutMs: 2000 },
    },
  });
});
afterAll(async () => {
  await t.close();
  server.close();
});

describe('the API on the Sumsub adapter', () => {
  it("hands out Sumsub's WebSDK token for the caller and reads the live review", async () => {
    const { token, user } = await signedInUser(t.app);
    const access = await post(t.app, '/applicant/access-token', {}, token);
    expect(access.statusCode).toBe(200);
    expect(access.json()).toEqual({
      token: '_act-sbx-jwt-token',
      userId: user.id,
      provider: 'sumsub',
      levelName: 'basic-kyc-level',
    });
    const status = await post(t.app, '/applicant/get-status', {}, token);
    expect(status.json()).toEqual({ reviewStatus: 'pending', reviewResult: null, kycVerified: 'Not Verified' });
  });

  it('answers null for status and data when Sumsub is down, and 502 for a token', async () => {
    const { token } = await signedInUser(t.app);
    await post(t.app, '/applicant/access-token', {}, token);
    providerUp = false;
    try {
      const status = await post(t.app, '/applicant/get-status', {}, token);
      expect(status.statusCode).toBe(200);
      expect(status.body).toBe('null');
      expect((await post(t.app, '/applicant/get-data', {}, token)).body).toBe('null');
      const other = await signedInUser(t.app);
      const access = await post(t.app, '/applicant/access-token', {}, other.token);
      expect(access.statusCode).toBe(502);
      expect(access.json().error.message).toMatch(/not available right now/);
    } finally {
      providerUp = true;
    }
  });

  it('has no sandbox provider routes and refuses sandbox reviews', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/sandbox-kyc/submit' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/dev/kyc/review',
          payload: { userId: 'x', reviewAnswer: 'GREEN' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

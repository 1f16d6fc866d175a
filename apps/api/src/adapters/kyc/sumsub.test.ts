import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { createSumsubProvider, signSumsubRequest } from './sumsub.js';
import { ProviderError } from './port.js';
import { payloadDigest, verifyPayloadDigest } from './webhook-signature.js';

/* Vectors computed independently with `openssl dgst -sha256 -hmac` (see the commit that added them). */
describe('Sumsub request signing', () => {
  const secret = 'Hej2ch71kG2kTd1iIUDZFNsO5C1lh5Gq';
  it('matches a known vector for a POST with a body', () => {
    const body = '{"userId":"JamesBond007","levelName":"basic-kyc-level","ttlInSecs":600}';
    expect(signSumsubRequest(secret, 1607551635, 'POST', '/resources/accessTokens/sdk', body)).toBe(
      'abe16bbab83f7dc5a096d96bab2eb2a870d951896af1bc196a0f7b4a035ae655',
    );
  });
  it('matches a known vector for a GET with the query path', () => {
    expect(
      signSumsubRequest(secret, 1607551635, 'get', '/resources/applicants/-;externalUserId=JamesBond007/one'),
    ).toBe('d020fe8ecbf13c38c274203d400f2c7df131728100ff56ed3b689fb27cd202b9');
  });
  it('webhook digests match a known HMAC-SHA1 vector and compare in constant time', () => {
    const body = Buffer.from('{"type":"applicantReviewed"}');
    expect(payloadDigest(body, 'SoMe_SeCrEt_KeY', 'HMAC_SHA1_HEX')).toBe('5425af2ac2ccc860e9fef3538fcbe4814fde7145');
    expect(
      verifyPayloadDigest(body, 'SoMe_SeCrEt_KeY', '5425AF2AC2CCC860E9FEF3538FCBE4814FDE7145', 'HMAC_SHA1_HEX'),
    ).toBe(true);
    expect(verifyPayloadDigest(body, 'SoMe_SeCrEt_KeY', '5425af2a', 'HMAC_SHA1_HEX')).toBe(false);
    expect(verifyPayloadDigest(body, 'SoMe_SeCrEt_KeY', '5425af2ac2ccc860e9fef3538fcbe4814fde7145', undefined)).toBe(
      false,
    );
  });
});

const BASE = 'https://api.sumsub.test';
const APP_TOKEN = 'sbx:app-token';
const SECRET = 'sumsub-secret';
const TS = 1_700_000_000;

interface Seen {
  method: string;
  path: string;
  body: string;
  headers: Record<string, string | null>;
}
const seen: Seen[] = [];

/** Answers shaped like Sumsub's documented ones; every request's signature is checked. */
function signed(resolver: (req: Request, body: string) => Response | Promise<Response>) {
  return async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const body = await request.text();
    const pathWithQuery = `${url.pathname}${url.search}`;
    seen.push({
      method: request.method,
      path: decodeURIComponent(pathWithQuery),
      body,
      headers: {
        token: request.headers.get('x-app-token'),
        ts: request.headers.get('x-app-access-ts'),
        sig: request.headers.get('x-app-access-sig'),
      },
    });
    const expected = signSumsubRequest(
      SECRET,
      Number(request.headers.get('x-app-access-ts')),
      request.method,
      pathWithQuery,
      body,
    );
    if (request.headers.get('x-app-token') !== APP_TOKEN || request.headers.get('x-app-access-sig') !== expected) {
      return HttpResponse.json(
        { description: 'Request signature mismatch', code: 401, correlationId: 'c1' },
        { status: 401 },
      );
    }
    return resolver(request, body);
  };
}

const applicant = (review: Record<string, unknown> = { reviewStatus: 'init' }) => ({
  id: '5cb56e8e0a975a35f333cb83',
  createdAt: '2026-11-21 10:00:00',
  clientId: 'qmgt',
  inspectionId: '5cb56e8e0a975a35f333cb84',
  externalUserId: 'user-1',
  levelName: 'basic-kyc-level',
  info: {},
  review,
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const provider = (timeoutMs = 2000) =>
  createSumsubProvider({
    appToken: APP_TOKEN,
    secretKey: SECRET,
    baseUrl: BASE,
    levelName: 'basic-kyc-level',
    timeoutMs,
    nowSeconds: () => TS,
  });

describe('Sumsub adapter against the documented API', () => {
  it('creates the applicant when the lookup by externalUserId answers 404', async () => {
    server.use(
      http.get(
        `${BASE}/resources/applicants/:lookup/one`,
        signed(() => HttpResponse.json({ description: 'Applicant not found', code: 404 }, { status: 404 })),
      ),
      http.post(
        `${BASE}/resources/applicants`,
        signed(() => HttpResponse.json(applicant(), { status: 201 })),
      ),
    );
    const result = await provider().ensureApplicant('user-1');
    expect(result).toMatchObject({
      id: '5cb56e8e0a975a35f333cb83',
      externalUserId: 'user-1',
      reviewStatus: 'init',
      reviewResult: null,
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /resources/applicants/-;externalUserId=user-1/one',
      'POST /resources/applicants?levelName=basic-kyc-level',
    ]);
    expect(JSON.parse(seen[1]!.body)).toEqual({ externalUserId: 'user-1' });
    expect(seen[1]!.headers).toMatchObject({ token: APP_TOKEN, ts: String(TS) });
  });

  it('asks for a WebSDK access token with userId and levelName', async () => {
    server.use(
      http.post(
        `${BASE}/resources/accessTokens/sdk`,
        signed(() => HttpResponse.json({ token: '_act-sbx-jwt-eyJ', userId: 'user-1' })),
      ),
    );
    expect(await provider().createAccessToken('user-1', { sessionId: 'session-1' })).toEqual({
      token: '_act-sbx-jwt-eyJ',
      userId: 'user-1',
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({ userId: 'user-1', levelName: 'basic-kyc-level', ttlInSecs: 600 });
  });

  it('reads a completed RED review with its reject type', async () => {
    server.use(
      http.get(
        `${BASE}/resources/applicants/:id/one`,
        signed(() =>
          HttpResponse.json(
            applicant({
              reviewStatus: 'completed',
              reviewResult: {
                reviewAnswer: 'RED',
                rejectLabels: ['UNSATISFACTORY_PHOTOS'],
                reviewRejectType: 'RETRY',
                moderationComment: 'Blurred.',
              },
            }),
          ),
        ),
      ),
    );
    const result = await provider().getApplicant('5cb56e8e0a975a35f333cb83');
    expect(result.reviewResult).toEqual({
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      rejectLabels: ['UNSATISFACTORY_PHOTOS'],
      moderationComment: 'Blurred.',
    });
  });

  it("turns Sumsub's error answers into ProviderError with its description", async () => {
    server.use(
      http.get(
        `${BASE}/resources/applicants/:id/one`,
        signed(() =>
          HttpResponse.json({ description: 'Internal error', code: 500, correlationId: 'x' }, { status: 500 }),
        ),
      ),
    );
    await expect(provider().getApplicant('a')).rejects.toThrow(ProviderError);
    await expect(provider().getApplicant('a')).rejects.toThrow(/500 Internal error/);
  });

  it('a wrong secret is refused by the signature check (401)', async () => {
    server.use(
      http.get(
        `${BASE}/resources/applicants/:id/one`,
        signed(() => HttpResponse.json(applicant())),
      ),
    );
    const wrong = createSumsubProvider({
      appToken: APP_TOKEN,
      secretKey: 'wrong',
      baseUrl: BASE,
      levelName: 'l',
      timeoutMs: 2000,
    });
    await expect(wrong.getApplicant('a')).rejects.toMatchObject({ status: 401 });
  });

  it('gives up after the timeout', async () => {
    server.use(
      http.get(`${BASE}/resources/applicants/:id/one`, async () => {
        await delay(1000);
        return HttpResponse.json(applicant());
      }),
    );
    await expect(provider(100).getApplicant('a')).rejects.toThrow(/did not answer within 100 ms/);
  });

  it('an unexpected shape or a non-JSON body is a ProviderError, not a crash', async () => {
    server.use(
      http.get(`${BASE}/resources/applicants/:id/one`, () =>
        HttpResponse.text('<html>gateway</html>', { status: 200 }),
      ),
    );
    await expect(provider().getApplicant('a')).rejects.toThrow(ProviderError);
    server.use(http.get(`${BASE}/resources/applicants/:id/one`, () => HttpResponse.json({ unexpected: true })));
    await expect(provider().getApplicant('a')).rejects.toThrow(/unexpected shape/);
  });
});

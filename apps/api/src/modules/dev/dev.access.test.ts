import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailboxMessage, SessionResponse } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { post, registerUser } from '../../test/factories.js';

const REMOTE = '203.0.113.7';
const operator = { email: 'ops@example.com', password: 'operator-password-1' };

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await build({ operator });
  // Behind a load balancer: request.ip comes from X-Forwarded-For.
  proxied = await build({ operator, trustProxy: true });
});
afterAll(async () => {
  await proxied.close();
  await t.close();
});

const DEV_CALLS = [
  { method: 'GET' as const, url: '/api/dev/mailbox' },
  { method: 'GET' as const, url: '/api/dev/mailbox?to=someone%40example.com' },
  {
    method: 'POST' as const,
    url: '/api/dev/kyc/review',
    payload: { userId: '00000000-0000-4000-8000-000000000000', reviewAnswer: 'GREEN' },
  },
];

async function signInOperator(app: TestApp['app'], remoteAddress: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local',
    payload: { identifier: operator.email, password: operator.password },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return res.json<SessionResponse>().jwt;
}

describe('/api/dev/* from another machine', () => {
  it.each(DEV_CALLS)('$method $url answers a remote client with the 404 of a missing route', async (call) => {
    const remote = await t.app.inject({ ...call, remoteAddress: REMOTE });
    expect(remote.statusCode).toBe(404);
    const missing = await t.app.inject({ method: call.method, url: '/api/dev/no-such-route', remoteAddress: REMOTE });
    const pathname = call.url.split('?')[0];
    expect(remote.json()).toEqual({
      error: { status: 404, name: 'NotFoundError', message: `No route ${call.method} ${pathname}.`, details: {} },
    });
    expect(remote.json().error.name).toBe(missing.json().error.name);
    expect(remote.headers['content-type']).toBe(missing.headers['content-type']);
  });

  it('the account takeover of issue 8 fails from afar: no one else’s mail can be read', async () => {
    const { input } = await registerUser(t.app);
    await post(t.app, '/link-verification/forgot-password', { email: input.email });
    for (const url of ['/api/dev/mailbox', `/api/dev/mailbox?to=${encodeURIComponent(input.email)}`]) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: REMOTE });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(input.email);
    }
  });

  it('a forwarded header cannot make a request local, even with TRUST_PROXY', async () => {
    for (const header of ['127.0.0.1', '::1', '127.0.0.1, 10.0.0.1']) {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: REMOTE,
        headers: { 'x-forwarded-for': header },
      });
      expect(res.statusCode, header).toBe(404);
    }
  });

  it('behind a proxy on this machine (the audit): no request is local, only operators get in', async () => {
    // Every socket is the proxy's loopback one, so a forwarding header of any value refuses.
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { 'x-forwarded-for': '127.0.0.1' }, {}]) {
      const res = await proxied.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=a%40example.com', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
    }
    // Without TRUST_PROXY too: a forwarding header says a proxy relayed the request.
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '1.2.3.4' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
    }
    const token = await signInOperator(proxied.app, '127.0.0.1');
    const operatorCall = await proxied.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: { 'x-forwarded-for': REMOTE, authorization: `Bearer ${token}` },
    });
    expect(operatorCall.statusCode).toBe(200);
  });

  it('an encoded path that reaches the route is judged by the route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%64ev/mailbox', remoteAddress: REMOTE });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"to"');
  });

  it('a signed-in operator is let in from afar; a signed-in customer is not', async () => {
    const token = await signInOperator(t.app, REMOTE);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: REMOTE,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json<MailboxMessage[]>())).toBe(true);

    const customer = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: REMOTE,
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(customer.statusCode).toBe(404);
  });

  it('loopback clients use the sandbox as before', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress })).statusCode).toBe(200);
    }
  });

  it('the sandbox identity provider’s own endpoints stay reachable from a second device', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sandbox-kyc/applicant', remoteAddress: REMOTE });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.name).toBe('UnauthorizedError');
  });
});

describe('bad input on the dev and operator routes is a 4xx', () => {
  it.each([
    [{ userId: 'not-a-uuid', reviewAnswer: 'GREEN' }, 400, 'userId must be a user id (a UUID)'],
    [{ userId: "1' OR '1'='1", reviewAnswer: 'GREEN' }, 400, 'userId must be a user id (a UUID)'],
    [{ userId: 'a\u0000b', reviewAnswer: 'GREEN' }, 400, undefined],
    [{ userId: '00000000-0000-4000-8000-000000000000', reviewAnswer: 'GREEN' }, 404, 'No such applicant.'],
    [{ userId: '00000000-0000-4000-8000-000000000000', reviewAnswer: 'RED' }, 400, undefined],
  ])('POST /api/dev/kyc/review %j -> %i', async (payload, status, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/kyc/review', payload });
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it.each([
    ['GET', '/api/admin/kyc/applicants/not-a-uuid/documents/also-not'],
    ['GET', '/api/admin/kyc/applicants/%00/documents/%00'],
    ['POST', '/api/admin/kyc/applicants/not-a-uuid/review'],
    ['GET', '/api/dev/mailbox?to=%00'],
    ['GET', `/api/dev/mailbox?to=${'a'.repeat(300)}`],
  ] as const)('%s %s is a 400 for an operator', async (method, url) => {
    const token = await signInOperator(t.app, '127.0.0.1');
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'POST' ? { payload: { reviewAnswer: 'GREEN' } } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.name).toBe('ValidationError');
  });
});

describe('with SANDBOX off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await build({
      sandbox: false,
      operator,
      appSecret: 'x'.repeat(32),
      kyc: { provider: 'sandbox', levelName: 'basic-kyc-level', webhookSecret: 'w'.repeat(32), sumsub: undefined },
    });
  });
  afterAll(async () => off.close());

  it('/api/dev/* is absent, even for loopback clients and operators', async () => {
    const token = await signInOperatorWhenConfirmed(off);
    for (const call of DEV_CALLS) {
      const res = await off.app.inject({ ...call, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, call.url).toBe(404);
      expect(res.json().error.name).toBe('NotFoundError');
    }
    expect((await off.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ sandbox: false });
  });
});

/** The operator account exists confirmed from OPERATOR_EMAIL; sign in from this machine. */
function signInOperatorWhenConfirmed(app: TestApp): Promise<string> {
  return signInOperator(app.app, '127.0.0.1');
}

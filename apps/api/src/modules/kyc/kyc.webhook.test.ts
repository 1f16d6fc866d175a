import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenResponse, User } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { payloadDigest, type DigestAlgorithm } from '../../adapters/kyc/webhook-signature.js';
import { countWebhookEvents } from './kyc.repository.js';

const SECRET = 'webhook-secret-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await build({
    kyc: { provider: 'sandbox', levelName: 'basic-kyc-level', webhookSecret: SECRET, sumsub: undefined },
  });
});
afterAll(async () => t.close());

function send(body: string, options: { secret?: string; alg?: DigestAlgorithm | string; digest?: string } = {}) {
  const alg = options.alg ?? 'HMAC_SHA256_HEX';
  const digest =
    options.digest ??
    payloadDigest(
      body,
      options.secret ?? SECRET,
      (alg in { HMAC_SHA1_HEX: 1, HMAC_SHA256_HEX: 1, HMAC_SHA512_HEX: 1 }
        ? alg
        : 'HMAC_SHA256_HEX') as DigestAlgorithm,
    );
  return t.app.inject({
    method: 'POST',
    url: '/api/kyc/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-payload-digest': digest, 'x-payload-digest-alg': alg },
  });
}

/** A user with an applicant at the sandbox provider, and a webhook body about them. */
async function applicantUser() {
  const session = await signedInUser(t.app);
  (await post(t.app, '/applicant/access-token', {}, session.token)).json<AccessTokenResponse>();
  const data = (await post(t.app, '/applicant/get-data', {}, session.token)).json<{ id: string }>();
  const event = (type: string, createdAtMs: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      applicantId: data.id,
      externalUserId: session.user.id,
      type,
      reviewStatus: 'completed',
      createdAtMs,
      sandboxMode: true,
      ...extra,
    });
  const kyc = async () => (await get(t.app, '/getInfo', session.token)).json<{ user: User }>().user.kycVerified;
  return { ...session, applicantId: data.id, event, kyc };
}

const green = { reviewResult: { reviewAnswer: 'GREEN', rejectLabels: [] } };
const red = { reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['FORGERY'] } };

describe('the identity-provider webhook', () => {
  it('applies a correctly signed applicantReviewed GREEN', async () => {
    const u = await applicantUser();
    const res = await send(u.event('applicantReviewed', '2026-11-21 10:00:00.000', green));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, outcome: 'applied' });
    expect(await u.kyc()).toBe('Verified');
  });

  it.each(['HMAC_SHA1_HEX', 'HMAC_SHA512_HEX'] as const)('accepts the %s digest too', async (alg) => {
    const u = await applicantUser();
    expect((await send(u.event('applicantReviewed', '2026-11-21 10:00:00.000', green), { alg })).statusCode).toBe(200);
    expect(await u.kyc()).toBe('Verified');
  });

  it('a wrong digest, a wrong secret, a missing or unknown algorithm change nothing and record nothing', async () => {
    const u = await applicantUser();
    const body = u.event('applicantReviewed', '2026-11-21 10:00:00.000', green);
    const before = await countWebhookEvents(t.database.db);
    const attempts = [await send(body, { secret: 'not-the-secret' }), await send(body, { digest: 'ab'.repeat(32) })];
    for (const res of attempts) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Invalid webhook signature.');
    }
    // Signature headers that are missing or malformed do not match the documented headers at all.
    const malformed = [
      await send(body, { digest: 'not hex at all' }),
      await send(body, { alg: 'MD5' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/kyc/webhook',
        payload: body,
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const res of malformed) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.name).toBe('ValidationError');
    }
    // A body changed after signing: the digest covers the exact bytes.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/kyc/webhook',
      payload: body.replace('GREEN', 'GREEN '),
      headers: {
        'content-type': 'application/json',
        'x-payload-digest': payloadDigest(body, SECRET),
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      },
    });
    expect(tampered.statusCode).toBe(401);
    expect(await u.kyc()).toBe('Not Verified');
    expect(await countWebhookEvents(t.database.db)).toBe(before);
  });

  it('a replayed webhook is recognised and changes nothing', async () => {
    const u = await applicantUser();
    const approve = u.event('applicantReviewed', '2026-11-21 10:00:00.000', green);
    expect((await send(approve)).json().outcome).toBe('applied');
    const reject = u.event('applicantReviewed', '2026-11-21 11:00:00.000', red);
    expect((await send(reject)).json().outcome).toBe('applied');
    expect(await u.kyc()).toBe('Rejected');
    const replay = await send(approve);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    expect(await u.kyc()).toBe('Rejected');
  });

  it('applies events in the order the provider created them, not the order they arrive', async () => {
    const u = await applicantUser();
    expect((await send(u.event('applicantReviewed', '2026-11-21 12:00:00.000', green))).json().outcome).toBe('applied');
    const late = await send(u.event('applicantPending', '2026-11-21 11:59:00.000', { reviewStatus: 'pending' }));
    expect(late.json().outcome).toBe('stale');
    expect(await u.kyc()).toBe('Verified');
  });

  it('a later RED after GREEN takes Verified back', async () => {
    const u = await applicantUser();
    await send(u.event('applicantReviewed', '2026-11-21 10:00:00.000', green));
    expect(await u.kyc()).toBe('Verified');
    await send(u.event('applicantReviewed', '2026-11-22 10:00:00.000', red));
    expect(await u.kyc()).toBe('Rejected');
  });

  it('events about unknown applicants or of other types are recorded and ignored', async () => {
    const u = await applicantUser();
    const unknown = JSON.stringify({
      applicantId: 'sbx_nobody',
      externalUserId: 'someone-else',
      type: 'applicantReviewed',
      createdAtMs: '2026-11-21 10:00:00.000',
      ...green,
    });
    expect((await send(unknown)).json().outcome).toBe('unknown-applicant');
    expect((await send(u.event('applicantPersonalInfoChanged', '2026-11-21 10:00:00.000'))).json().outcome).toBe(
      'ignored',
    );
    expect(await u.kyc()).toBe('Not Verified');
  });

  it('a signed but malformed body is a 400', async () => {
    const res = await send('{"type": 42}');
    expect(res.statusCode).toBe(400);
    expect((await send('not json')).statusCode).toBe(400);
  });

  it('a signed body with a NUL in its text is a 400 and changes nothing', async () => {
    const u = await applicantUser();
    const body = u.event('applicantReviewed', '2030-01-01 00:00:00.000', {
      reviewResult: { reviewAnswer: 'GREEN', rejectLabels: [], moderationComment: 'fine\u0000' },
    });
    expect(body).toContain('\\u0000');
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(await u.kyc()).toBe('Not Verified');
  });
});

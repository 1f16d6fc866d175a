import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenResponse, HandoffResponse } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { JPEG_HEAD, PNG_1X1, SCRIPT_AS_PNG, multipartBody } from '../../test/uploads.js';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await build();
  alice = await signedInUser(t.app);
  bob = await signedInUser(t.app);
  await post(t.app, '/applicant/access-token', {}, bob.token);
});
afterAll(async () => t.close());

async function upload(
  url: string,
  token: string,
  field: string,
  data: Buffer,
  filename = 'x.png',
  type = 'image/png',
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const body = await multipartBody(extra, { [field]: { data, filename, type } });
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}`, ...headers },
  });
}

describe('a user reaches only their own applicant', () => {
  it.each([
    ['/applicant/access-token', 'userId'],
    ['/applicant/get-status', 'userId'],
    ['/applicant/get-data', 'externalUserId'],
  ])("%s refuses another user's id", async (url, field) => {
    const res = await post(t.app, url, { [field]: bob.user.id }, alice.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You can only act on your own verification.');
  });

  it('without a session or hand-off token the applicant calls are refused', async () => {
    for (const url of ['/applicant/access-token', '/applicant/get-status', '/applicant/get-data']) {
      expect((await post(t.app, url, { userId: bob.user.id })).statusCode).toBe(401);
    }
  });

  it("the SDK token of one user cannot upload into another's applicant, and a forged one is refused", async () => {
    const sdk = (await post(t.app, '/applicant/access-token', {}, alice.token)).json<AccessTokenResponse>();
    expect(sdk.userId).toBe(alice.user.id);
    const forged = `${sdk.token.slice(0, -4)}AAAA`;
    const body = await multipartBody(
      { kind: 'selfie' },
      { file: { data: JPEG_HEAD, filename: 'me.jpg', type: 'image/jpeg' } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox-kyc/documents',
      payload: body.payload,
      headers: { ...body.headers, 'x-access-token': forged },
    });
    expect(res.statusCode).toBe(401);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/sandbox-kyc/submit' });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('second-device hand-off', () => {
  it('a hand-off token acts for its user only, without a session', async () => {
    const { uid } = (await post(t.app, '/applicant/handoff', {}, alice.token)).json<HandoffResponse>();
    const status = await post(t.app, '/applicant/get-status', { uid });
    expect(status.statusCode).toBe(200);
    expect(status.json().kycVerified).toBe('Not Verified');
    const access = await post(t.app, '/applicant/access-token', { uid });
    expect(access.json<AccessTokenResponse>().userId).toBe(alice.user.id);
    expect((await post(t.app, '/applicant/get-status', { uid, userId: bob.user.id })).statusCode).toBe(403);
  });

  it('a tampered or foreign hand-off token is refused', async () => {
    const { uid } = (await post(t.app, '/applicant/handoff', {}, alice.token)).json<HandoffResponse>();
    const [header, payload, signature] = uid.split('.');
    const swapped = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: bob.user.id }),
    ).toString('base64url');
    const res = await post(t.app, '/applicant/get-status', { uid: `${header}.${swapped}.${signature}` });
    expect(res.statusCode).toBe(401);
    expect((await post(t.app, '/applicant/get-status', { uid: 'junk' })).statusCode).toBe(401);
  });
});

describe('tokens end with the session that made them', () => {
  const sdkState = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/sandbox-kyc/applicant', headers: { 'x-access-token': token } });

  it('logout ends the hand-off token and the SDK tokens minted under it', async () => {
    const carol = await signedInUser(t.app);
    const { uid } = (await post(t.app, '/applicant/handoff', {}, carol.token)).json<HandoffResponse>();
    const viaHandoff = (await post(t.app, '/applicant/access-token', { uid })).json<AccessTokenResponse>();
    const direct = (await post(t.app, '/applicant/access-token', {}, carol.token)).json<AccessTokenResponse>();
    expect((await sdkState(viaHandoff.token)).statusCode).toBe(200);
    expect((await sdkState(direct.token)).statusCode).toBe(200);

    expect((await post(t.app, '/auth/logout', {}, carol.token)).statusCode).toBe(204);

    const status = await post(t.app, '/applicant/get-status', { uid });
    expect(status.statusCode).toBe(401);
    expect(status.json().error.message).toBe(
      'This verification link has expired. Open it again from your signed-in device.',
    );
    expect((await post(t.app, '/applicant/access-token', { uid })).statusCode).toBe(401);
    for (const token of [viaHandoff.token, direct.token]) {
      const res = await sdkState(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('The verification session has expired. Please start again.');
    }
  });

  it('a password change ends them too; the new session makes working ones again', async () => {
    const dave = await signedInUser(t.app);
    const { uid } = (await post(t.app, '/applicant/handoff', {}, dave.token)).json<HandoffResponse>();
    const sdk = (await post(t.app, '/applicant/access-token', {}, dave.token)).json<AccessTokenResponse>();
    const changed = await post(
      t.app,
      '/auth/local/change-password',
      { currentPassword: dave.input.password, password: 'a-new-password-9', passwordConfirmation: 'a-new-password-9' },
      dave.token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await post(t.app, '/applicant/get-status', { uid })).statusCode).toBe(401);
    expect((await sdkState(sdk.token)).statusCode).toBe(401);

    const fresh = (await post(t.app, '/applicant/handoff', {}, changed.json().jwt)).json<HandoffResponse>();
    expect((await post(t.app, '/applicant/get-status', { uid: fresh.uid })).statusCode).toBe(200);
  });
});

describe('uploads', () => {
  it('a script renamed to .png is refused by its bytes, and nothing is stored', async () => {
    const res = await upload(
      '/api/update-picture',
      alice.token,
      'profilePicture',
      SCRIPT_AS_PNG,
      'avatar.png',
      'image/png',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('This file is not accepted: upload a JPEG, PNG or WebP image.');
    expect((await get(t.app, '/verification/get-personal', alice.token)).json().profileLink).toBeNull();
  });

  it('a PDF is a document, not a picture', async () => {
    const res = await upload(
      '/api/update-picture',
      alice.token,
      'profilePicture',
      Buffer.from('%PDF-1.4 ...'),
      'a.png',
    );
    expect(res.statusCode).toBe(415);
  });

  it('a file over 5 MB gets 413', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload('/api/update-picture', alice.token, 'profilePicture', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The file is larger than 5 MB.');
  });

  it('a new picture gets a server-made name and the old link keeps working only for its own file', async () => {
    const res = await upload('/api/update-picture', alice.token, 'profilePicture', PNG_1X1, '../../etc/passwd.png');
    expect(res.statusCode).toBe(200);
    const { profileLink } = res.json();
    expect(profileLink).toMatch(/^\/uploads\/pictures\/[0-9a-f]{32}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: profileLink })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/pictures/..%2F..%2Fsecrets.json' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/pictures/00000000000000000000000000000000.png' })).statusCode,
    ).toBe(404);
  });

  it('identity documents are never served from the public picture path', async () => {
    const sdk = (await post(t.app, '/applicant/access-token', {}, bob.token)).json<AccessTokenResponse>();
    const body = await multipartBody(
      { kind: 'identity_document' },
      { file: { data: PNG_1X1, filename: 'id.png', type: 'image/png' } },
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/sandbox-kyc/documents',
          payload: body.payload,
          headers: { ...body.headers, 'x-access-token': sdk.token },
        })
      ).statusCode,
    ).toBe(200);
    const stored = await t.database.executeSql(
      `SELECT storage_key, is_public FROM files WHERE kind = 'identity_document'`,
    );
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const row of stored.rows) {
      expect(row.is_public).toBe(false);
      const name = String(row.storage_key).split('/').pop();
      expect((await t.app.inject({ method: 'GET', url: `/uploads/pictures/${name}` })).statusCode).toBe(404);
    }
  });

  it('junk multipart, wrong field names and JSON where multipart is expected get clear 4xx', async () => {
    const wrongField = await upload('/api/update-picture', alice.token, 'avatar', PNG_1X1);
    expect(wrongField.statusCode).toBe(400);
    const json = await post(t.app, '/update-picture', { profilePicture: 'x' }, alice.token);
    expect(json.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/update-picture',
      payload: '--xyz\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', authorization: `Bearer ${alice.token}` },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    const draftJunk = await upload(
      '/api/verification/save-draft-personal',
      alice.token,
      'profilePicture',
      PNG_1X1,
      'p.png',
      'image/png',
      { notAField: 'x' },
    );
    expect(draftJunk.statusCode).toBe(400);
  });

  it('the other user’s personal data stays theirs', async () => {
    const body = await multipartBody({ firstName: 'Bob' });
    await t.app.inject({
      method: 'POST',
      url: '/api/verification/save-draft-personal',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${bob.token}` },
    });
    expect((await get(t.app, '/verification/get-personal', alice.token)).json().form.firstName).not.toBe('Bob');
  });
});

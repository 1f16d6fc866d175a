import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { JPEG_HEAD, PNG_1X1, jpegWithGps, multipartBody, type UploadFile } from '../../test/uploads.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  token = (await signedInUser(t.app)).token;
});
afterAll(async () => t.close());

async function uploadPicture(files: Record<string, UploadFile | UploadFile[]>, url = '/api/update-picture') {
  const body = await multipartBody({}, files);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

describe('public profile pictures', () => {
  it('lose their EXIF (camera, GPS position) and keep their pixels', async () => {
    const photo = await jpegWithGps();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.toString('latin1')).toContain('PhoneCo');

    const res = await uploadPicture({ profilePicture: { data: photo, filename: 'IMG_0001.jpg', type: 'image/jpeg' } });
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().profileLink });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    const kept = await sharp(served.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 16, height: 16 });
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    // Not only unparsed: the bytes themselves are gone (the camera's name, the GPS IFD tag 0x8825).
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from([0x25, 0x88]))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from([0x88, 0x25]))).toBe(false);
  });

  it('are cleaned when they come with the KYC draft too', async () => {
    const res = await uploadPicture(
      { profilePicture: { data: await jpegWithGps(), filename: 'me.jpg', type: 'image/jpeg' } },
      '/api/verification/save-draft-personal',
    );
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().profileLink });
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('that only look like an image by their first bytes are refused with a clear 422', async () => {
    const res = await uploadPicture({ profilePicture: { data: JPEG_HEAD, filename: 'a.jpg', type: 'image/jpeg' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('This picture could not be read: upload a JPEG, PNG or WebP image.');
  });

  it('a second file in the same field is refused with 400, and nothing is stored', async () => {
    const before = (await get(t.app, '/verification/get-personal', token)).json().profileLink;
    const res = await uploadPicture({
      profilePicture: [
        { data: PNG_1X1, filename: 'one.png', type: 'image/png' },
        { data: await jpegWithGps(), filename: 'two.jpg', type: 'image/jpeg' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      name: 'ValidationError',
      message: 'Send one file only in "profilePicture".',
    });
    expect((await get(t.app, '/verification/get-personal', token)).json().profileLink).toBe(before);
  });

  it('a field sent twice is refused with 400', async () => {
    const form = new FormData();
    form.append('firstName', 'Ada');
    form.append('firstName', 'Eve');
    const response = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verification/save-draft-personal',
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { 'content-type': response.headers.get('content-type') ?? '', authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The field "firstName" is sent twice.');
  });
});

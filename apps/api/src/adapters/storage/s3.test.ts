import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// s3rver ships no types: an S3-compatible server on local disk, started by this test.
// @ts-expect-error -- untyped CommonJS module
import S3rver from 's3rver';
import { loadConfig } from '../../config.js';
import { createS3Storage } from './s3.js';

/* The S3 adapter (AWS SDK v3) against an S3-compatible server of its own, as S3_* configures it. */
const BUCKET = 'qmgt-uploads';
let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let directory: string;
let endpoint: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'qmgt-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('S3-compatible storage', () => {
  it('is switched on by S3_* variables', () => {
    const config = loadConfig({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER' });
    expect(config.s3).toMatchObject({ bucket: BUCKET, endpoint, region: 'us-east-1', prefix: '' });
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('puts, reads back byte for byte, and removes a file', async () => {
    const config = loadConfig({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'test/',
    });
    const storage = createS3Storage(config.s3!);
    expect(storage.kind).toBe('s3');
    const data = Buffer.from([0, 1, 2, 255, 254, ...Buffer.from('a KYC document')]);
    await storage.put('kyc/abc/document.png', data);
    expect((await storage.read('kyc/abc/document.png')).equals(data)).toBe(true);
    await storage.remove('kyc/abc/document.png');
    await expect(storage.read('kyc/abc/document.png')).rejects.toThrow();
  });
});

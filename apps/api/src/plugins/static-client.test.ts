import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../test/build.js';

const INDEX_HTML = `<!doctype html><html><head><title>QMGT</title></head><body>${'<div id="root">client</div>'.repeat(40)}</body></html>`;
const APP_JS = `export function main(){${'console.log("compressible text");'.repeat(200)}}`;
/** An asset the build left uncompressed (its variants would not have been smaller). */
const TINY_JS = 'x()';

/** A dist directory as `vite build` writes it: originals with their .br and .gz beside them. */
async function fakeDist(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'qmgt-dist-'));
  await mkdir(path.join(dist, 'assets'));
  const withVariants = async (file: string, text: string) => {
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
    await writeFile(`${file}.gz`, gzipSync(text));
  };
  await withVariants(path.join(dist, 'index.html'), INDEX_HTML);
  await withVariants(path.join(dist, 'assets', 'app-abc123.js'), APP_JS);
  await writeFile(path.join(dist, 'assets', 'tiny-def456.js'), TINY_JS);
  return dist;
}

const varies = (header: unknown) =>
  String(header)
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('the static client, precompressed', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fakeDist();
    t = await build({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli bytes to a client that accepts br, decompressing to the original', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(APP_JS));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends gzip bytes to a client that accepts only gzip, decompressing to the original', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(varies(res.headers.vary)).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the original bytes to a client that accepts no compression, still varying on it', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/app-abc123.js', acceptEncoding);
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(varies(res.headers.vary), acceptEncoding).toBe(true);
      expect(res.body, acceptEncoding).toBe(APP_JS);
    }
  });

  it('sends the original of a file the build left without variants', async () => {
    const res = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(TINY_JS);
  });

  it('caches hashed assets for a year, compressed or not', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      for (const url of ['/assets/app-abc123.js', '/assets/tiny-def456.js']) {
        const res = await get(url, acceptEncoding);
        expect(res.headers['cache-control'], `${url} ${acceptEncoding}`).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('sends index.html, at / and for client routes, compressed and never cached without revalidation', async () => {
    for (const url of ['/', '/index.html', '/dashboard', '/Email-Verification/abc']) {
      const br = await get(url, 'br');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toMatch(/text\/html/);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(varies(br.headers.vary), url).toBe(true);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(INDEX_HTML);

      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(INDEX_HTML);

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body, url).toBe(INDEX_HTML);
    }
  });

  it('serves client routes without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      for (const acceptEncoding of ['gzip, deflate, br', 'gzip', undefined]) await get('/dashboard', acceptEncoding);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });

  it('keeps the security headers on compressed answers and leaves /api to the API', async () => {
    const res = await get('/', 'br');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const api404 = await get('/api/nothing-here', 'br, gzip');
    expect(api404.statusCode).toBe(404);
    expect(api404.headers['content-encoding']).toBeUndefined();
    expect(api404.json().error.name).toBe('NotFoundError');
  });
});

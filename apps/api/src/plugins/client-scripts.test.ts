import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../test/build.js';
import { clientScriptSources, inlineScriptHashes } from './client-scripts.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const PRELOAD = `(() => { document.head.dataset.session = 'yes'; })();`;
const page = (inline: string) =>
  `<!doctype html><html><head><script defer src="/zod-config.js"></script>` +
  `<script type="module" crossorigin src="/assets/index-1.js"></script><script>${inline}</script></head>` +
  `<body><div id="root"></div></body></html>`;

describe('inline script hashes', () => {
  it('hashes the text of each inline script, and no script that has a src', () => {
    expect(inlineScriptHashes(page(PRELOAD))).toEqual([sha256(PRELOAD)]);
  });

  it('hashes the text exactly as written, whitespace included (what the browser hashes)', () => {
    const text = `\n  console.log("é");\n`;
    expect(inlineScriptHashes(`<script>${text}</script>`)).toEqual([sha256(text)]);
    expect(inlineScriptHashes(`<script>${text}</script>`)).not.toEqual([sha256(text.trim())]);
  });

  it('finds nothing in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><div>script</div>')).toEqual([]);
  });
});

describe('script-src of the built client', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'qmgt-csp-'));
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it("is 'self' alone without a built client", () => {
    expect(clientScriptSources(path.join(dist, 'missing'))()).toBe("'self'");
  });

  it('follows a rebuild of index.html once its modification time changes', async () => {
    const index = path.join(dist, 'index.html');
    await writeFile(index, page('first()'));
    let clock = 0;
    const sources = clientScriptSources(dist, () => clock);
    expect(sources()).toBe(`'self' ${sha256('first()')}`);

    await writeFile(index, page('second()'));
    await utimes(index, new Date(), new Date(Date.now() + 5_000));
    expect(sources()).toBe(`'self' ${sha256('first()')}`); // read at most once a second
    clock += 1_000;
    expect(sources()).toBe(`'self' ${sha256('second()')}`);
  });

  describe('served by the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      await writeFile(path.join(dist, 'index.html'), page(PRELOAD));
      t = await build({ webDistDir: dist });
    });
    afterAll(async () => t.close());

    it("allows the client's inline script by its hash, never any inline script", async () => {
      for (const url of ['/', '/api/health']) {
        const res = await t.app.inject({ method: 'GET', url });
        const policy = String(res.headers['content-security-policy']);
        const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src'));
        expect(scriptSrc).toBe(`script-src 'self' ${sha256(PRELOAD)}`);
        expect(scriptSrc).not.toContain('unsafe-inline');
      }
    });
  });
});

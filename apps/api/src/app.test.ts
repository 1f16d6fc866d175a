import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@qmgt/contracts';
import { build, openTestDatabase, testConfigDefaults, type TestApp } from './test/build.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { post, signedInUser } from './test/factories.js';

describe('the product server', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'qmgt-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root">client</div>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await build({ webDistDir: dist, operator: { email: 'ops@qmgt.test', password: 'operator-secret-1' } });
  });
  afterAll(async () => t.close());

  it('answers health once migrations ran', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', sandbox: true });
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/local', '/api/auth/local/register', '/api/getInfo', '/api/get-upline']),
    );
    expect(doc.paths['/api/auth/local'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'identifier',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('serves the client, with index.html for client routes and a JSON 404 under /api', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('client');
    for (const route of ['/signin', '/Email-Verification/abc', '/dashboard', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url: route });
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api404 = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api404.statusCode).toBe(404);
    expect(api404.json().error.name).toBe('NotFoundError');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('declares its periodic work on the schedule', async () => {
    const rows = await t.database.executeSql(`SELECT name FROM schedule_jobs ORDER BY name`);
    // Without a chain (this build): no deposit watcher, no settlement passes. PGlite has no
    // autovacuum of its own: the schedule stands in for it.
    expect(rows.rows).toEqual(
      [
        ...(t.database.kind === 'pglite' ? ['database.vacuum'] : []),
        'gae.auto-save',
        'ges.instalments',
        'gifts.claims',
        'gifts.expiry',
        'ledger.full-audit',
        'market.price-refresh',
        'outbox.poll',
        'payments.sweep',
        'reserves.snapshot',
        'staking.maturities',
      ].map((name) => ({ name })),
    );
  });

  it('creates the first operator from OPERATOR_EMAIL/OPERATOR_PASSWORD, confirmed, once', async () => {
    const res = await post(t.app, '/auth/local', { identifier: 'ops@qmgt.test', password: 'operator-secret-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json<SessionResponse>().user).toMatchObject({ role: 'operator', confirmed: true });
    await t.app.services.auth.ensureOperator({ email: 'ops@qmgt.test', password: 'a-different-one' });
    expect(
      (await post(t.app, '/auth/local', { identifier: 'ops@qmgt.test', password: 'operator-secret-1' })).statusCode,
    ).toBe(200);
  });
});

describe('outside the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({
      sandbox: false,
      appSecret: 'a'.repeat(40),
      kyc: { provider: 'sandbox', levelName: 'basic-kyc-level', webhookSecret: 'w'.repeat(40), sumsub: undefined },
    });
  });
  afterAll(async () => t.close());

  it('refuses to start without its secrets', async () => {
    await expect(build({ sandbox: false })).rejects.toThrow(/APP_SECRET/);
  });

  it('has no dev routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().sandbox).toBe(false);
  });
});

describe('headers of every answer', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await build();
    proxied = await build({ trustProxy: true });
  });
  afterAll(async () => {
    await proxied.close();
    await t.close();
  });

  it('Cache-Control: no-store on authenticated answers, their errors included', async () => {
    const { token } = await signedInUser(t.app);
    const bearer = { authorization: `Bearer ${token}` };
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/getInfo', headers: bearer }),
      await t.app.inject({ method: 'GET', url: '/api/verification/get-personal', headers: bearer }),
      // Errors of authenticated routes: bad body, ended session, no session.
      await t.app.inject({ method: 'POST', url: '/api/auth/local/change-password', headers: bearer, payload: {} }),
      await t.app.inject({ method: 'GET', url: '/api/getInfo', headers: { authorization: 'Bearer ended-or-made-up' } }),
      await t.app.inject({ method: 'GET', url: '/api/getInfo' }),
      // Sign-in hands out a token: its answer must not be cached either.
      await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'x', password: 'y' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 400, 401, 401, 401]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('HSTS only over HTTPS: never on plain HTTP, and X-Forwarded-Proto counts only behind a trusted proxy', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const proxiedPlain = await proxied.app.inject({ method: 'GET', url: '/api/health' });
    expect(proxiedPlain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('under NODE_ENV=production', () => {
  it('refuses to start on sandbox adapters unless SANDBOX is on', async () => {
    await expect(
      build({
        env: 'production',
        sandbox: false,
        appSecret: 'a'.repeat(40),
        kyc: { provider: 'sandbox', levelName: 'basic-kyc-level', webhookSecret: 'w'.repeat(40), sumsub: undefined },
      }),
    ).rejects.toThrow(/Refusing to start: NODE_ENV=production on sandbox adapters: dev mailbox/);
  });

  it('with SANDBOX=true, warns in the log at start', async () => {
    const lines: string[] = [];
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qmgt-test-data-'));
    const { database, drop } = await openTestDatabase();
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      ...testConfigDefaults,
      env: 'production' as const,
      sandbox: true,
      dataDir,
      chain: { ...loadConfig({}).chain, enabled: false },
    };
    const app = await buildApp({
      config,
      database,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
    const warning = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).find((l) => l.level === 40);
    expect(warning?.msg).toMatch(/^SANDBOX=true under NODE_ENV=production/);
  });

  it('with SANDBOX=true, runs and says so on /api/health', async () => {
    const t = await build({ env: 'production', sandbox: true });
    try {
      const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(health).toMatchObject({ status: 'ok', sandbox: true });
      expect(health.warning).toMatch(/^SANDBOX=true under NODE_ENV=production: this is not a production deployment\./);
      expect(health.warning).toContain('dev mailbox');
    } finally {
      await t.close();
    }
  });
});

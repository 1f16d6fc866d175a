import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse as parseYaml } from 'yaml';
import type { FastifyInstance } from 'fastify';
import { build, type TestApp } from '../test/build.js';
import { operationsOf, type OpenApiDocument } from '../test/openapi-requests.js';
import { operationIdOf } from './openapi.js';

/*
 * The document as tools nobody here wrote read it (issue 24): Redocly's recommended rules
 * find no error and only the warnings redocly.yaml keeps, with a reason each; every operation
 * has a unique, stable operationId and declares its security; and a client generated from it
 * by openapi-typescript typechecks and calls the API through openapi-fetch.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

let t: TestApp;
let doc: OpenApiDocument & { info: Record<string, unknown>; servers?: { url: string }[] };
let raw: string;
let dir: string;
beforeAll(async () => {
  t = await build();
  raw = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  doc = JSON.parse(raw);
  // Inside the repository, so that the generated client resolves openapi-fetch from node_modules.
  dir = await mkdtemp(path.join(root, 'apps/api/.openapi-client-'));
  await writeFile(path.join(dir, 'openapi.json'), raw);
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

describe('operationIds and security', () => {
  it('every operation has a unique operationId derived from its method and path, and declares its security', () => {
    const ops = operationsOf(doc);
    const ids = ops.map((op) => (op.operation as { operationId?: string }).operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of ops) {
      const fastifyPath = op.path.replace(/\{([^}]+)\}/g, ':$1');
      expect((op.operation as { operationId?: string }).operationId).toBe(operationIdOf(op.method, fastifyPath));
      expect(Array.isArray(op.operation.security), `${op.method} ${op.path}`).toBe(true);
    }
    expect(operationIdOf('POST', '/api/payments/:id/cancel')).toBe('postPaymentsByIdCancel');
    expect(operationIdOf('GET', '/api/link-verification/forgot-password')).toBe('getLinkVerificationForgotPassword');
    const health = ops.find((op) => op.path === '/api/health')!;
    expect(health.operation.security).toEqual([]);
  });

  it('info names a license; the server is this deployment', () => {
    expect(doc.info.license).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/^https?:\/\//) });
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://qmgt.test' })]);
  });
});

describe('redocly lint, recommended rules', () => {
  it('finds no error, and exactly the warnings redocly.yaml keeps', async () => {
    const config = path.join(root, 'redocly.yaml');
    const { stdout } = await run(
      bin('redocly'),
      ['lint', path.join(dir, 'openapi.json'), '--config', config, '--format=json'],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    const kept = (
      parseYaml(await readFile(config, 'utf8')) as { 'x-kept-warnings': { rule: string; at: string; reason: string }[] }
    )['x-kept-warnings'];
    for (const entry of kept) expect(entry.reason.length, entry.at).toBeGreaterThan(10);
    const warnings = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`).sort();
    expect(warnings).toEqual(kept.map((k) => `${k.rule} ${k.at}`).sort());
  }, 120_000);
});

/** openapi-fetch's fetch, answered by the app in process. */
function injectFetch(app: FastifyInstance) {
  return async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    const body = input.method === 'GET' || input.method === 'HEAD' ? undefined : await input.text();
    const res = await app.inject({
      method: input.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(input.headers.entries()),
      ...(body ? { payload: body } : {}),
    });
    return new Response(res.rawPayload.length ? res.rawPayload : null, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
}

describe('a client generated from the document', () => {
  it('typechecks (openapi-typescript) and calls two endpoints through openapi-fetch', async () => {
    const types = astToString(await openapiTS(raw));
    await writeFile(path.join(dir, 'api.d.ts'), types);
    await writeFile(
      path.join(dir, 'client.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

/** Two calls through the generated types: an error here is a document clients cannot use. */
export async function calls(fetch: (request: Request) => Promise<Response>) {
  const client = createClient<paths>({ baseUrl: 'http://qmgt.test', fetch });
  const health = await client.GET('/api/health');
  const signIn = await client.POST('/api/auth/local', { body: { identifier: 'nobody@example.com', password: 'wrong-password-1' } });
  const status: string | undefined = health.data?.status;
  const refusal: string | undefined = signIn.error?.error.message;
  return { status, refusal, codes: [health.response.status, signIn.response.status] };
}
`,
    );
    await run(
      bin('tsc'),
      [
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        path.join(dir, 'client.ts'),
      ],
      { cwd: root },
    ).catch((error: { stdout: string }) => {
      throw new Error(`the generated client does not typecheck:\n${error.stdout}`);
    });
    const { calls } = (await import(path.join(dir, 'client.ts'))) as {
      calls: (
        fetch: (r: Request) => Promise<Response>,
      ) => Promise<{ status?: string; refusal?: string; codes: number[] }>;
    };
    const answer = await calls(injectFetch(t.app));
    expect(answer.codes).toEqual([200, 401]);
    expect(answer.status).toBeTruthy();
    expect(answer.refusal).toMatch(/./);
  }, 120_000);
});

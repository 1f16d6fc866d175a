#!/usr/bin/env node
/**
 * Schemathesis (the schema-driven API fuzzer) over the product's own OpenAPI document, against
 * the built server on a fresh PGlite data dir with the sandbox on: signed out, signed in as a
 * verified customer, and as an operator (back-office paths). Fails on server errors,
 * undocumented status codes, bodies off their schema, schema-compliant requests rejected and
 * schema-violating requests accepted (`-c all`; schemathesis.toml holds what is still open).
 *
 *   node scripts/schemathesis.mjs            # exit 0 when clean, 1 on findings, 2 when unavailable
 *
 * Finds schemathesis at $SCHEMATHESIS, then ../shared/tools/schemathesis (this machine's
 * offline build from a wheel), then `schemathesis` on PATH. SCHEMATHESIS_MAX_EXAMPLES (default
 * 10) bounds each operation's cases; SCHEMATHESIS_PORT picks the server's port;
 * SCHEMATHESIS_DATABASE_URL runs the server on PostgreSQL instead of PGlite.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'apps/api/dist/server.js');
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==',
  'base64',
);
const OPERATOR = { email: 'schemathesis-ops@qmgt.test', password: 'operator-secret-1' };

/** The schemathesis launcher to use, or undefined. The first call may build its venv (a minute). */
export function findSchemathesis() {
  const candidates = [
    process.env.SCHEMATHESIS,
    path.resolve(root, '../shared/tools/schemathesis'),
    'schemathesis',
  ].filter(Boolean);
  for (const candidate of candidates) {
    if (candidate.includes(path.sep) && !existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8', timeout: 300_000 });
    if (probe.status === 0 && /4\.\d+/.test(probe.stdout)) return candidate;
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function call(base, method, url, { body, token, headers = {} } = {}) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return json;
}

async function until(read, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A customer through the real journey: sign-up, mailed link, sign-in, sandbox KYC, GREEN review. */
export async function verifiedCustomer(base) {
  const suffix = Math.random().toString(16).slice(2, 10);
  const account = { username: `st_${suffix}`, email: `st_${suffix}@example.com`, password: 'correct-horse-9' };
  const { user } = await call(base, 'POST', '/auth/local/register', { body: account });
  await call(base, 'POST', '/link-verification/registration', { body: { email: account.email } });
  const mail = await until(async () => {
    const messages = await call(base, 'GET', `/dev/mailbox?to=${encodeURIComponent(account.email)}`);
    return messages[0];
  }, 'the verification mail');
  const verifyCode = /\/Email-Verification\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  await call(base, 'POST', '/link-verification/code-register', { body: { verifyCode } });
  const { jwt } = await call(base, 'POST', '/auth/local', {
    body: { identifier: account.email, password: account.password },
  });
  const { token: sdkToken } = await call(base, 'POST', '/applicant/access-token', { body: {}, token: jwt });
  for (const kind of ['identity_document', 'selfie']) {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), `${kind}.png`);
    await call(base, 'POST', '/sandbox-kyc/documents', { body: form, headers: { 'x-access-token': sdkToken } });
  }
  await call(base, 'POST', '/sandbox-kyc/submit', { headers: { 'x-access-token': sdkToken } });
  await call(base, 'POST', '/dev/kyc/review', { body: { userId: user.id, reviewAnswer: 'GREEN' } });
  await until(
    async () => (await call(base, 'GET', '/getInfo', { token: jwt })).user.kycVerified === 'Verified',
    'KYC Verified',
  );
  return { token: jwt, sdkToken };
}

/**
 * Whether a run's report holds errors and nothing else, each of them the tool's own: Hypothesis
 * tripping over its lambda-source cache (see runSchemathesis), or giving up on drawing a body
 * ("filtered out", a health check that 4.25 does not let us switch off). Neither sent the API
 * a request it answered wrongly.
 */
export function onlyToolErrors(output) {
  if (/=+ FAILURES =+/.test(output)) return false;
  const start = output.indexOf('= ERRORS =');
  if (start < 0) return false;
  const rest = output.slice(start);
  const end = rest.search(/\n=+ (FAILURES|WARNINGS) =+/);
  const errors = (end < 0 ? rest : rest.slice(0, end)).split(/\n_{5,} .* _{5,}\n/).slice(1);
  return (
    errors.length > 0 &&
    errors.every((e) =>
      /hypothesis\/internal\/lambda_sources\.py|hypothesis\.errors\.FlakyFailure|^Failed Health Check\s+Too many generated examples are filtered out/.test(
        e,
      ),
    )
  );
}

/** The operations a report's ERRORS section names, from their headings ("____ POST /api/x ____"). */
export function erroredOperations(output) {
  const start = output.indexOf('= ERRORS =');
  if (start < 0) return [];
  const rest = output.slice(start);
  const end = rest.search(/\n=+ (FAILURES|WARNINGS) =+/);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/\n_{5,} ([A-Z]+ \/\S*) _{5,}\n/g)].map((m) => m[1]);
}

/** A schemathesis filter for exactly these operations (their names are "METHOD /path"). */
function onlyThese(operations) {
  const escaped = operations.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return ['--include-name-regex', `^(${escaped.join('|')})$`];
}

function runSchemathesis(launcher, base, label, extra) {
  console.log(`\n--- schemathesis, ${label} ---`);
  const args = [
    '--config-file',
    path.join(root, 'schemathesis.toml'),
    'run',
    `${base}/api/docs/json`,
    '--checks',
    'all',
    '--max-examples',
    process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '10',
    '--workers',
    process.env.SCHEMATHESIS_WORKERS ?? '2',
    '--generation-database',
    'none',
    '--no-color',
    ...extra,
  ];
  let only = [];
  for (let attempt = 1; ; attempt++) {
    const res = spawnSync(launcher, [...args, ...(only.length > 0 ? onlyThese(only) : [])], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    process.stdout.write(res.stdout ?? '');
    process.stderr.write(res.stderr ?? '');
    const status = res.status ?? 1;
    // Hypothesis (inside schemathesis 4.25) now and then trips over its own cache of lambda
    // sources while describing a strategy (its workers share that cache; a FlakyFailure or an
    // "AST constructor recursion depth mismatch"), or gives up drawing a body for one of the
    // larger forms ("filtered out"): the tool failed, no check against the API did. Every other
    // operation of such a run passed, so only the operations it failed on are run again (up to
    // five tries, seconds each rather than a whole pass); any finding, or any other error (a
    // connection the server dropped, say), stands.
    if (status === 0 || attempt >= 5 || !onlyToolErrors(res.stdout ?? '')) return { label, status };
    only = erroredOperations(res.stdout ?? '');
    if (only.length === 0) return { label, status };
    console.log(
      `\n--- schemathesis itself failed (no finding against the API): ${label}, again for ${only.join(', ')} ---`,
    );
  }
}

async function main() {
  const launcher = findSchemathesis();
  if (!launcher) {
    console.log('schemathesis is not available here (set SCHEMATHESIS to its launcher): skipped.');
    return 2;
  }
  if (!existsSync(serverEntry)) {
    console.error(`${serverEntry} is missing: run npm run build first.`);
    return 1;
  }
  const port = Number(process.env.SCHEMATHESIS_PORT || (await freePort()));
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qmgt-schemathesis-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      // PGlite by default; SCHEMATHESIS_DATABASE_URL runs the same server on PostgreSQL (an
      // empty database it migrates).
      DATABASE_URL: process.env.SCHEMATHESIS_DATABASE_URL ?? '',
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      // The fuzzer signs in and registers thousands of times; the limit itself has its own tests.
      RATE_LIMIT_AUTH_MAX: '1000000',
      // A notification stream stays open until the server ends it: each of the fuzzer's calls to
      // it would wait the production 15 minutes. One second still checks the answer's head.
      NOTIFICATION_STREAM_MAX_SECONDS: '1',
      OPERATOR_EMAIL: OPERATOR.email,
      OPERATOR_PASSWORD: OPERATOR.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  const results = [];
  try {
    await until(async () => (await fetch(`${base}/api/health`)).ok, 'the server', 180_000);
    const customer = await verifiedCustomer(base);
    const operator = await call(base, 'POST', '/auth/local', {
      body: { identifier: OPERATOR.email, password: OPERATOR.password },
    });
    results.push(runSchemathesis(launcher, base, 'signed out', []));
    const signedIn = ['--generation-with-security-parameters', 'false'];
    results.push(
      runSchemathesis(launcher, base, 'signed in as a verified customer', [
        ...signedIn,
        '--header',
        `Authorization: Bearer ${customer.token}`,
        '--header',
        `X-Access-Token: ${customer.sdkToken}`,
        // Signing out would end the session the rest of the run uses.
        '--exclude-path',
        '/api/auth/logout',
        // Server-sent events: schemathesis 4.25 checks each event against the media type's
        // `itemSchema` (OpenAPI 3.2), else against its `schema`, which in this 3.0 document is
        // the stream as one binary string, so every event "violates" it. The JS property test
        // (apps/api/src/openapi.fuzz.test.ts) and notifications.test.ts call the stream.
        '--exclude-path',
        '/api/notifications/stream',
      ]),
    );
    results.push(
      runSchemathesis(launcher, base, 'signed in as an operator (back office)', [
        ...signedIn,
        '--header',
        `Authorization: Bearer ${operator.jwt}`,
        '--include-path-regex',
        '^/api/admin/',
        // One worker: the lambda-source cache Hypothesis trips over is shared between workers.
        '--workers',
        '1',
        // Four operations with no links between them: the stateful phase adds only time.
        '--phases',
        'examples,coverage,fuzzing',
      ]),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    log.end();
  }
  const serverErrors = spawnSync('grep', ['-c', '"level":50', logFile], { encoding: 'utf8' }).stdout.trim();
  console.log('\n--- schemathesis summary ---');
  for (const r of results) console.log(`${r.label.padEnd(40)} ${r.status === 0 ? 'clean' : 'FINDINGS'}`);
  const keep = results.some((r) => r.status !== 0) || Number(serverErrors) > 0;
  // Error lines come from checks schemathesis.toml still turns off (work open elsewhere): worth reading.
  console.log(`server log: ${keep ? logFile : '(removed)'} (${serverErrors || 0} error lines)`);
  if (process.env.SCHEMATHESIS_SUMMARY)
    writeFileSync(process.env.SCHEMATHESIS_SUMMARY, JSON.stringify({ runs: results, serverLog: logFile }));
  const failed = results.some((r) => r.status !== 0);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  return failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

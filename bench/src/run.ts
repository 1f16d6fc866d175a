/**
 * `npm run bench`: starts the built product on a fresh PGlite data dir (and on PostgreSQL
 * when BENCH_DATABASE_URL is set), signs a user up through the real API, then measures with
 * autocannon over HTTP: session-checked reads (GET /api/getInfo) and sign-ins (argon2id-bound).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '../..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Target {
  label: string;
  env: Record<string, string>;
}

async function waitForHealth(base: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signUp(base: string) {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const post = (p: string, body: unknown) => fetch(`${base}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await json(await post('/auth/local/register', { username: `bench${Date.now()}`, email, password }));
  await json(await post('/link-verification/registration', { email }));
  let token: string | undefined;
  for (let i = 0; i < 100 && !token; i++) {
    const mails = await json<{ text: string }[]>(await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`));
    token = mails[0] ? /Email-Verification\/([A-Za-z0-9_-]+)/.exec(mails[0].text)?.[1] : undefined;
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  await json(await post('/link-verification/code-register', { verifyCode: token }));
  const { jwt } = await json<{ jwt: string }>(await post('/auth/local', { identifier: email, password }));
  return { email, password, jwt };
}

function measure(title: string, options: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ duration: DURATION, connections: 10, ...options, title }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function report(target: string, name: string, r: autocannon.Result) {
  const non2xx = r.non2xx + r.errors;
  console.log(
    `${target.padEnd(11)} ${name.padEnd(24)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   failures ${non2xx}`,
  );
}

async function benchTarget(target: Target, port: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qmgt-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('node', [path.join(root, 'apps/api/dist/server.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SANDBOX: 'true', RATE_LIMIT_AUTH_MAX: '100000000', ...target.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, child);
    const user = await signUp(base);
    report(target.label, 'GET /api/getInfo', await measure('getInfo', { url: `${base}/api/getInfo`, headers: { authorization: `Bearer ${user.jwt}` } }));
    report(
      target.label,
      'POST /api/auth/local',
      await measure('login', {
        url: `${base}/api/auth/local`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: user.email, password: user.password }),
      }),
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const targets: Target[] = [{ label: 'PGlite', env: { DATABASE_URL: '' } }];
if (process.env.BENCH_DATABASE_URL) targets.push({ label: 'PostgreSQL', env: { DATABASE_URL: process.env.BENCH_DATABASE_URL } });

console.log(`QMGT benchmark: ${DURATION} s per scenario, 10 connections, ${os.cpus().length} cores`);
let port = 3310;
for (const target of targets) await benchTarget(target, port++);

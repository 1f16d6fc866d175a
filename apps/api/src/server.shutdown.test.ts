import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The product as a deployment stops it: server.ts in a process of its own, then SIGTERM while a
 * request is in flight. The request is answered, the job queue, the schedule and the
 * settlement sender stop, and the process exits 0 within 10 s.
 */
const root = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

let child: ChildProcess;
let port: number;
let dataDir: string;
let output = '';
beforeAll(async () => {
  port = await freePort();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'qmgt-shutdown-'));
  child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SANDBOX: 'true',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited on start:\n${output.slice(-3000)}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}, 300_000);
afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** A request whose body is half sent: in flight until the rest follows. */
function halfSentRequest(): { socket: net.Socket; finish: () => void; answer: Promise<string> } {
  const body = JSON.stringify({ identifier: 'nobody@example.com', password: 'not-the-password-1' });
  const socket = net.connect(port, '127.0.0.1');
  socket.write(
    `POST /api/auth/local HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  let received = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
  });
  return { socket, finish: () => socket.write(body.slice(10)), answer };
}

describe('SIGTERM', () => {
  it('answers the request in flight, stops the background work and exits 0 within 10 s', async () => {
    const inFlight = halfSentRequest();
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const started = Date.now();
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    inFlight.finish();
    expect(await inFlight.answer).toMatch(/^HTTP\/1\.1 401 /);
    const code = await exited;
    const took = Date.now() - started;
    expect(code, output.slice(-3000)).toBe(0);
    expect(took).toBeLessThan(10_000);
    expect(output).toContain('shutting down');
    // Nothing failed on the way down: no pass or job was cut off with an error.
    expect(output).not.toMatch(/"level":(50|60)/);
    // New connections are refused once it is gone.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60_000);
});

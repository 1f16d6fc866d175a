/**
 * The child processes of a bench run (API servers, the hello world) and their end: every child
 * is tracked from its spawn and stopped when its scenario ends, when the run fails, on Ctrl-C
 * (SIGINT), SIGTERM or SIGHUP, and, as a last resort, SIGKILLed from the exit hook. An API server
 * takes its anvil node down with it (anvil-process.ts has a watchdog for that), so no chain node
 * outlives the bench either.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

const children = new Set<ChildProcess>();

export interface Child {
  readonly process: ChildProcess;
  readonly name: string;
  /** stdout and stderr of the child (pino logs to stdout, crashes go to stderr). */
  readonly logFile: string;
  readonly origin: string;
}

export function spawnTracked(options: {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
  port: number;
}): Child {
  const log = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, options.args, {
    cwd: ROOT,
    env: options.env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return { process: child, name: options.name, logFile: options.logFile, origin: `http://127.0.0.1:${options.port}` };
}

/** Resolves once `GET origin + healthPath` answers 2xx; fails at once if the child exits first. */
export async function waitUntilListening(child: Child, healthPath: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null)
      throw new Error(`${child.name} exited during start:\n${logTail(child.logFile)}`);
    try {
      if ((await fetch(`${child.origin}${healthPath}`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${child.name} did not listen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM (the API finishes in-flight work and stops its chain node), SIGKILL after `graceMs`. */
export async function stopChild(child: Child, graceMs = 25_000): Promise<void> {
  const proc = child.process;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    exited.then(() => true),
    new Promise<false>((r) => (timer = setTimeout(() => r(false), graceMs))),
  ]);
  clearTimeout(timer);
  if (!inTime) {
    console.warn(`${child.name} did not stop within ${graceMs} ms: SIGKILL`);
    proc.kill('SIGKILL');
    await exited;
  }
}

export function logTail(file: string, chars = 3000): string {
  try {
    const text = readFileSync(file, 'utf8');
    return text.slice(-chars);
  } catch {
    return '(no log)';
  }
}

export function logSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Lines of `file` after byte `from` that match `pattern`. */
export function countLogLines(file: string, pattern: RegExp, from = 0): number {
  let text: string;
  try {
    text = readFileSync(file).subarray(from).toString('utf8');
  } catch {
    return 0;
  }
  return text.split('\n').filter((line) => pattern.test(line)).length;
}

const cleanups = new Set<() => Promise<void>>();

/** Work to do on Ctrl-C once the children are gone (drop the bench database); remove it when done normally. */
export function onInterrupt(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

let installed = false;

/** Stops every tracked child on the way out, whatever the way. */
export function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping ${children.size} child process(es)`);
      for (const child of children) child.kill('SIGTERM');
      // Whatever is still running after this gets SIGKILL from the exit hook.
      setTimeout(() => process.exit(130), 30_000).unref();
      void (async () => {
        const deadline = Date.now() + 15_000;
        while (children.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        for (const child of children) child.kill('SIGKILL');
        await Promise.allSettled([...cleanups].map((cleanup) => cleanup()));
        process.exit(130);
      })();
    });
  }
}

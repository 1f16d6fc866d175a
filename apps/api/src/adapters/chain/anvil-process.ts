import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import path from 'node:path';

/** npm's names for the platforms @foundry-rs/anvil ships a binary for. */
const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/**
 * The anvil executable: ANVIL_PATH when configured, else the binary of the platform package
 * that `@foundry-rs/anvil` installs as an optional dependency (its own bin.mjs would add a
 * Node process in between, which would swallow our signals).
 */
export function resolveAnvilBinary(override?: string): string {
  if (override) {
    if (!existsSync(override)) throw new Error(`ANVIL_PATH ${override} does not exist`);
    return override;
  }
  const key = `${process.platform}-${process.arch}`;
  const packageName = PLATFORM_PACKAGES[key];
  if (!packageName) throw new Error(`@foundry-rs/anvil has no binary for ${key}; install anvil and set ANVIL_PATH`);
  let packageJson: string;
  try {
    packageJson = createRequire(import.meta.url).resolve(`${packageName}/package.json`);
  } catch {
    throw new Error(
      `${packageName} is not installed (npm skipped the optional dependency?); run npm install or set ANVIL_PATH`,
    );
  }
  const binary = path.join(path.dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`${binary} is missing; reinstall @foundry-rs/anvil or set ANVIL_PATH`);
  return binary;
}

export class AnvilStartError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(stderr ? `${message}\n${stderr}` : message);
    this.name = 'AnvilStartError';
  }
}

export interface AnvilProcess {
  readonly pid: number;
  readonly rpcUrl: string;
  /** Resolves with the exit code once the process is gone (whoever ended it). */
  readonly exited: Promise<number | null>;
  /** SIGTERM (anvil then writes its --state file), SIGKILL after `timeoutMs`. Idempotent. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts anvil on a loopback port (0: the OS picks a free one, read back from anvil's
 * "Listening on" line, so there is no race for the port) and resolves once it listens.
 *
 * No anvil outlives the API: `stop()` ends it; so does the parent's normal exit; and on
 * POSIX a watchdog (`sh` blocked reading a pipe from us) sends SIGTERM when the pipe closes,
 * which the kernel does even when the parent is SIGKILLed. anvil runs in its own process
 * group so that a Ctrl-C in the terminal reaches only the API, which then stops it in order.
 */
export async function spawnAnvil(options: {
  binary: string;
  args: readonly string[];
  port?: number;
  startTimeoutMs?: number;
}): Promise<AnvilProcess> {
  const posix = process.platform !== 'win32';
  const child = spawn(options.binary, [...options.args, '--host', '127.0.0.1', '--port', String(options.port ?? 0)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: posix,
  });
  let stderrTail = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });

  // From the first moment, so that even a parent killed while anvil starts leaves no orphan.
  const pid = child.pid;
  const watchdog = posix && pid !== undefined ? startWatchdog(pid) : undefined;
  const onParentExit = () => {
    watchdog?.kill('SIGKILL');
    child.kill('SIGTERM');
  };
  process.once('exit', onParentExit);
  void exited.then(() => {
    process.removeListener('exit', onParentExit);
    // The watchdog must not later signal a pid the system may have given to someone else.
    watchdog?.kill('SIGKILL');
  });

  let settled = false;
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    const timeoutMs = options.startTimeoutMs ?? 15_000;
    const fail = (error: AnvilStartError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new AnvilStartError(`anvil did not listen within ${timeoutMs} ms`, null, stderrTail.trim()));
    }, timeoutMs);
    child.once('error', (error) => fail(new AnvilStartError(`anvil could not be started: ${error.message}`, null, '')));
    // 'close', not 'exit': only then has all of stderr (the reason) been read.
    child.once('close', (code) =>
      fail(new AnvilStartError(`anvil exited with code ${code} while starting`, code, stderrTail.trim())),
    );
    // stdout may list dev accounts' keys: it is only searched for the port, never kept or logged.
    let stdout = '';
    child.stdout!.setEncoding('utf8');
    // Drained for as long as anvil runs (it logs every RPC method): a full pipe would block it.
    child.stdout!.on('data', (chunk: string) => {
      if (settled) return;
      stdout = (stdout + chunk).slice(-2000);
      const match = /Listening on ([\d.]+):(\d+)/.exec(stdout);
      if (match) {
        settled = true;
        clearTimeout(timer);
        resolve(`http://${match[1]}:${match[2]}`);
      }
    });
  });

  // A forgotten stop() must not keep the parent alive: the exit hook and the watchdog clean up.
  for (const handle of [child, child.stdout as Socket, child.stderr as Socket]) handle.unref();

  let stopping: Promise<void> | undefined;
  return {
    pid: pid!,
    rpcUrl,
    exited,
    stop(timeoutMs = 10_000) {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        watchdog?.kill('SIGKILL');
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const finished = await Promise.race([
          exited.then(() => true),
          new Promise<false>((r) => (timer = setTimeout(() => r(false), timeoutMs))),
        ]);
        clearTimeout(timer);
        if (!finished) {
          child.kill('SIGKILL');
          await exited;
        }
      })();
      return stopping;
    },
  };
}

/** `sh` blocked in `read` on a pipe from us: EOF (we are gone) -> SIGTERM to anvil. */
function startWatchdog(pid: number): ChildProcess | undefined {
  try {
    const watchdog = spawn(
      '/bin/sh',
      ['-c', 'read _ignored; kill -TERM "$1" 2>/dev/null', 'qmgt-anvil-watchdog', String(pid)],
      {
        stdio: ['pipe', 'ignore', 'ignore'],
        detached: true,
      },
    );
    watchdog.on('error', () => {});
    watchdog.unref();
    (watchdog.stdin as Socket).unref();
    return watchdog;
  } catch {
    return undefined;
  }
}

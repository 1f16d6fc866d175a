#!/usr/bin/env node
/**
 * `npm start`: builds whatever is missing or older than its sources, then runs the API
 * server in this same process (it applies migrations and serves the client at `/`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Newest modification time under the given paths (files or folders), skipping build output. */
function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') walk(path.join(p, entry));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return latest;
}

const targets = [
  { workspace: '@qmgt/contracts', output: 'packages/contracts/dist/index.js', sources: ['packages/contracts/src'] },
  { workspace: '@qmgt/api', output: 'apps/api/dist/server.js', sources: ['apps/api/src', 'packages/contracts/src'] },
  {
    workspace: '@qmgt/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/contracts/src',
    ],
  },
];

for (const target of targets) {
  const output = path.join(root, target.output);
  const stale = !existsSync(output) || newest(target.sources) > statSync(output).mtimeMs;
  if (!stale) continue;
  console.log(`Building ${target.workspace}...`);
  const res = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`Build of ${target.workspace} failed.`);
    process.exit(res.status ?? 1);
  }
}

await import(path.join(root, 'apps/api/dist/server.js'));

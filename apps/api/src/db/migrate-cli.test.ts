import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

/*
 * `npm run db:migrate` as an operator runs it, from the repository's root in a process of its
 * own: on a fresh PGlite data directory, and (with DATABASE_URL, as the PostgreSQL suite runs)
 * on a fresh PostgreSQL database; twice, since a deployment may run it on every release.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');

async function dbMigrate(env: Record<string, string>) {
  const { stdout } = await run('npm', ['run', '--silent', 'db:migrate'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), LOG_LEVEL: 'warn', ...env },
  });
  return stdout;
}

describe('npm run db:migrate', () => {
  it('migrates a fresh PGlite data directory, then finds it up to date', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qmgt-migrate-cli-'));
    try {
      expect(await dbMigrate({ DATA_DIR: dataDir })).toMatch(/^pglite: \d+ change\(s\) applied/m);
      expect(await readdir(path.join(dataDir, 'pg'))).toContain('PG_VERSION');
      expect(await dbMigrate({ DATA_DIR: dataDir })).toMatch(/^pglite: 0 change\(s\) applied/m);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it.runIf(process.env.DATABASE_URL)(
    'migrates a fresh PostgreSQL database, then finds it up to date',
    async () => {
      const name = `qmgt_migrate_cli_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      try {
        expect(await dbMigrate({ DATABASE_URL: url.toString() })).toMatch(/^postgres: \d+ change\(s\) applied/m);
        expect(await dbMigrate({ DATABASE_URL: url.toString() })).toMatch(/^postgres: 0 change\(s\) applied/m);
        const check = new pg.Client({ connectionString: url.toString() });
        await check.connect();
        const { rows } = await check.query(`SELECT to_regclass('public.users') AS users`);
        await check.end();
        expect(rows[0].users).toBe('users');
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    300_000,
  );
});

import { execFileSync } from 'node:child_process';
import { writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database for the whole run; each test file then starts from a copy.
 * PGlite: a data-dir dump loaded per file (0.5 s instead of 7 s). PostgreSQL (DATABASE_URL):
 * a template database cloned per file with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  // The token contracts are compiled once for the run, not by each test file at once.
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/compile-contracts.mjs')], {
    stdio: 'inherit',
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `qmgt_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await migrate(database);
    const boss = new PgBoss({ connectionString: url.toString(), max: 1, schedule: false, supervise: false });
    await boss.start();
    await boss.stop({ graceful: false, wait: true });
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      // Databases the files cloned are dropped by the files; the template goes last.
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${name}_%`],
      );
      for (const row of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openDatabase({});
  await migrate(database);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schedule: false,
    supervise: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  const pglite = (database.db as unknown as { $client: { dumpDataDir(): Promise<Blob> } }).$client;
  const dump = await pglite.dumpDataDir();
  const file = path.join(os.tmpdir(), `qmgt-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(file, { force: true });
  };
}

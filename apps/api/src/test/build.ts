import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import type { MailTransport } from '../adapters/mail/index.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL with DATABASE_URL. */
export async function openTestDatabase(
  options: { onQuery?: (sql: string) => void } = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('postgresTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (template && databaseUrl) {
    const name = `${template}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        // Two files cloning the template at the same instant: one waits and tries again.
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10, onQuery: options.onQuery });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplatePath'));
  // PGLITE_THREAD=worker runs the suite with PGlite on a worker thread, as the product does.
  const database = await openDatabase({
    pgliteTemplate: new Blob([dump]),
    onQuery: options.onQuery,
    pgliteThread: process.env.PGLITE_THREAD === 'worker' ? 'worker' : 'main',
  });
  return { database, drop: () => database.close() };
}

export const testConfigDefaults: Partial<Config> = {
  sandbox: true,
  publicUrl: 'http://qmgt.test',
  publicUrlFixed: true,
  logLevel: 'silent',
  // Tests sign in often; the rate-limit test sets its own small limit.
  rateLimit: { authMax: 10_000, windowMs: 60_000 },
  lookupRateLimit: { max: 10_000, windowMs: 60_000 },
  webDistDir: '/nonexistent',
  // A request to the notification stream ends soon (the OpenAPI fuzz injects it); its own tests set longer.
  notificationStreamMaxMs: 300,
};

export interface BuildOptions {
  mail?: MailTransport;
  chain?: boolean;
  sameDatabaseAs?: TestApp;
  /** The sessions' clock. */
  now?: () => Date;
  /** Sees every statement the app's drizzle handle sends. */
  onQuery?: (sql: string) => void;
}

/** The `build()` helper: a ready app on its own database. */
export async function build(overrides: Partial<Config> = {}, extra: BuildOptions = {}): Promise<TestApp> {
  // A second API "process" on the first one's PostgreSQL database: its own pool and job queue.
  const shared = extra.sameDatabaseAs?.database.connectionString;
  const { database, drop } = shared
    ? await openDatabase({ databaseUrl: shared, poolSize: 10, onQuery: extra.onQuery }).then((db) => ({
        database: db,
        drop: () => db.close(),
      }))
    : await openTestDatabase({ onQuery: extra.onQuery });
  // Uploads and generated secrets go to a folder of this app's own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qmgt-test-data-'));
  const base = loadConfig({ NODE_ENV: 'test' });
  // Only the files that move money start a chain (an anvil node each); 1 confirmation keeps them quick.
  const chain = { ...base.chain, enabled: extra.chain ?? false, confirmations: 1, scanMs: 200 };
  const config = { ...base, ...testConfigDefaults, chain, dataDir, ...overrides };
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      logger: false,
      ...(extra.mail ? { mail: extra.mail } : {}),
      ...(extra.now ? { now: extra.now } : {}),
    });
  } catch (error) {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    database,
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two API "processes" on one PostgreSQL database, each with its own pool, listener and cache;
 * `onSecondQuery` sees the second one's statements. Close them with `closeApps(second, first)`.
 */
export async function buildTwoProcesses(onSecondQuery?: (sql: string) => void) {
  const first = await build();
  const second = await build({}, { sameDatabaseAs: first, onQuery: onSecondQuery });
  return { first, second };
}

/** Closes the apps in order, skipping any that never started. */
export async function closeApps(...apps: (TestApp | undefined)[]) {
  for (const app of apps) await app?.close();
}

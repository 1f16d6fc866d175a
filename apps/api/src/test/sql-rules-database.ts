import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase } from './build.js';
import { gesKit } from './sql-ges-kit.js';
import { sqlKit, type SqlKit } from './sql-kit.js';

/*
 * The SQL rules files' database: a migrated database of the file's own, opened before its
 * tests and dropped after them, with the SQL kits on it (created at once; they reach the
 * database when a test runs).
 */
export function sqlRulesDatabase(options: { prepare?: (k: SqlKit) => Promise<void> } = {}) {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  const database = (): Database => {
    if (!opened) throw new Error('the SQL rules database is opened in beforeAll');
    return opened.database;
  };
  const k = sqlKit(database);
  beforeAll(async () => {
    opened = await openTestDatabase();
    await options.prepare?.(k);
  }, 120_000);
  afterAll(async () => opened?.drop());
  return { database, k, ges: gesKit(k) };
}

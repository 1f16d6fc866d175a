import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build.js';
import type { Database } from './client.js';
import { FUNCTIONS_DIR, MIGRATIONS_DIR, migrate, readFunctionFiles } from './migrate.js';

let database: Database;
let drop: () => Promise<void>;
let functionsDir: string;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  functionsDir = await mkdtemp(path.join(os.tmpdir(), 'qmgt-sql-'));
  await cp(FUNCTIONS_DIR, functionsDir, { recursive: true });
}, 120_000);
afterAll(async () => {
  await drop();
  await rm(functionsDir, { recursive: true, force: true });
});

const rows = async (text: string, values?: unknown[]) => (await database.executeSql(text, values)).rows;
const definition = async (name: string) =>
  String((await rows(`SELECT pg_get_functiondef($1::regproc) AS def`, [name]))[0]!.def);

/**
 * Functions written by another function from data, not by a file of their own: the money
 * kernel's dispatcher, a CASE of the registered operation kinds (sql/money_dispatch_write.sql).
 * Their text sits in a `$generated$` string of the function that writes them.
 */
const GENERATED = ['money_dispatch'];

/** Every CREATE FUNCTION in a text, by name (a generated function's text left out). */
const functionsIn = (text: string) =>
  [
    ...text
      .replace(/\$generated\$[\s\S]*?\$generated\$/g, '')
      .matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:public\.)?([a-z_0-9]+)\s*\(/gi),
  ].map((m) => m[1]);

describe('one definition per SQL function', () => {
  it('no numbered migration defines a function; each sql/ file defines the one it is named after', async () => {
    for (const file of (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')))
      expect(functionsIn(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8')), file).toEqual([]);
    const files = readFunctionFiles();
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expect(functionsIn(file.text), file.name).toEqual([file.name]);
    // A file is applied again whenever it changes: its triggers must be replaceable too.
    for (const file of files)
      expect(file.text, file.name).not.toMatch(/CREATE\s+(?!OR\s+REPLACE\b)(CONSTRAINT\s+)?TRIGGER/i);
  });

  it('the database has exactly the functions of the files, each recorded with its checksum', async () => {
    const live = (
      await rows(`SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY proname`)
    ).map((r) => String(r.proname));
    const files = readFunctionFiles();
    expect(live).toEqual([...files.map((f) => f.name), ...GENERATED].sort());
    const recorded = await rows(`SELECT name, checksum FROM schema_functions ORDER BY name`);
    expect(recorded).toEqual(files.map((f) => ({ name: f.name, checksum: f.checksum })));
  });
});

describe('the migrator', () => {
  it('re-applies a function whose file changed, and only that one', async () => {
    const file = path.join(functionsDir, 'money_refusal.sql');
    const original = await readFile(file, 'utf8');
    expect(await migrate(database, { functionsDir })).toBe(0);
    await writeFile(
      file,
      original.replace('AS $$', () => 'AS $$\n  -- a new line'),
    );
    const before = await rows(`SELECT applied_at FROM schema_functions WHERE name = 'ledger_post'`);
    expect(await migrate(database, { functionsDir })).toBe(1);
    expect(await definition('money_refusal')).toContain('-- a new line');
    expect(await rows(`SELECT applied_at FROM schema_functions WHERE name = 'ledger_post'`)).toEqual(before);
    await writeFile(file, original);
    expect(await migrate(database, { functionsDir })).toBe(1);
    expect(await definition('money_refusal')).not.toContain('-- a new line');
  });

  it('applies changed files in one transaction: a broken one leaves every old definition', async () => {
    const good = path.join(functionsDir, 'ledger_post.sql');
    const bad = path.join(functionsDir, 'money_refusal.sql');
    const [goodText, badText] = await Promise.all([readFile(good, 'utf8'), readFile(bad, 'utf8')]);
    const liveGood = await definition('ledger_post');
    await writeFile(
      good,
      goodText.replace('AS $$', () => 'AS $$\n  -- changed too'),
    );
    await writeFile(bad, badText.replace('LANGUAGE', 'LANGUAGE no_such_language --'));
    await expect(migrate(database, { functionsDir })).rejects.toThrow(/sql\/money_refusal\.sql/);
    expect(await definition('ledger_post')).toBe(liveGood);
    await writeFile(bad, badText);
    expect(await migrate(database, { functionsDir })).toBe(1);
    expect(await definition('ledger_post')).toContain('-- changed too');
    await writeFile(good, goodText);
    expect(await migrate(database, { functionsDir })).toBe(1);
  });

  it('drops a function whose file is gone', async () => {
    const extra = path.join(functionsDir, 'zz_test_only.sql');
    await writeFile(extra, `CREATE OR REPLACE FUNCTION zz_test_only() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n`);
    expect(await migrate(database, { functionsDir })).toBe(1);
    expect(await rows(`SELECT zz_test_only() AS one`)).toEqual([{ one: 1 }]);
    await rm(extra);
    expect(await migrate(database, { functionsDir })).toBe(1);
    expect(await rows(`SELECT 1 FROM pg_proc WHERE proname = 'zz_test_only'`)).toEqual([]);
  });

  it('on a database the squashed migrations built, records the baseline without running it', async () => {
    const { baseline, replaces } = JSON.parse(
      await readFile(path.join(MIGRATIONS_DIR, 'baseline-replaces.json'), 'utf8'),
    ) as { baseline: string; replaces: { hash: string }[] };
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const when = journal.entries.find((e) => e.tag === baseline)!.when;
    // As an older release left it: the 29 old migrations recorded, no baseline.
    await rows(`DELETE FROM schema_migrations WHERE created_at = $1`, [when]);
    for (const [i, old] of replaces.entries())
      await rows(`INSERT INTO schema_migrations (hash, created_at) VALUES ($1, $2)`, [old.hash, i]);
    expect(await migrate(database, { functionsDir })).toBe(0);
    expect(await rows(`SELECT 1 FROM schema_migrations WHERE created_at = $1`, [when])).toHaveLength(1);

    // One that stopped part-way through them is refused, changing nothing.
    await rows(`DELETE FROM schema_migrations WHERE created_at = $1 OR hash = $2`, [when, replaces.at(-1)!.hash]);
    await expect(migrate(database, { functionsDir })).rejects.toThrow(/ran 28 of the 29 migrations/);
    await rows(`INSERT INTO schema_migrations (hash, created_at) VALUES ($1, 28)`, [replaces.at(-1)!.hash]);
    expect(await migrate(database, { functionsDir })).toBe(0);
  });
});

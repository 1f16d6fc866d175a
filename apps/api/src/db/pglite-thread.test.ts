import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgError, UNIQUE_VIOLATION } from '../lib/db-errors.js';
import type { PgliteHandle } from './pglite-setup.js';
import { openPgliteWorker } from './pglite-thread.js';

/**
 * PGlite on its worker thread answers like PGlite on this one: results, transactions, errors,
 * notices. (The suite's PostgreSQL pass has no PGlite template: these run in the PGlite pass.)
 */
describe.skipIf(!inject('pgliteTemplatePath'))('PGlite on a worker thread', () => {
  // One worker for the file (each loads PGlite's WebAssembly again); each test its own table.
  let shared: PgliteHandle;
  let tables = 0;
  beforeAll(async () => {
    // From the suite's migrated template: quicker than a fresh initdb.
    shared = await openPgliteWorker(undefined, new Blob([await readFile(inject('pgliteTemplatePath'))]));
  });
  afterAll(() => shared?.close());

  /** A fresh accounts table in the shared worker, named in `t`: SQL with {t} for its name. */
  async function open(): Promise<{ db: PgliteHandle; t: (text: string) => string }> {
    const name = `accounts_${++tables}`;
    const t = (text: string) => text.replaceAll('{t}', name);
    await shared.exec(
      t(`CREATE TABLE {t} (id int PRIMARY KEY, balance numeric NOT NULL CHECK (balance >= 0), at timestamptz NOT NULL DEFAULT now());
         INSERT INTO {t} (id, balance) VALUES (1, 10), (2, 0);`),
    );
    return { db: shared, t };
  }

  it('answers queries with parameters, in rows or arrays, timestamps as text for drizzle and as dates for executeSql', async () => {
    const { db, t } = await open();
    const rows = await db.query<{ id: number; balance: string; at: unknown }>(
      t('SELECT id, balance, at FROM {t} WHERE id = $1'),
      [1],
    );
    expect(rows.rows).toEqual([{ id: 1, balance: '10', at: expect.any(String) }]);
    const arrays = await db.query(t('SELECT id, balance FROM {t} ORDER BY id'), [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([
      [1, '10'],
      [2, '0'],
    ]);
    const usual = await db.queryUsual(t('SELECT at FROM {t} WHERE id = $1'), [1]);
    expect((usual.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    const many = await db.execUsual('SELECT 1 AS one; SELECT 2 AS two');
    expect(many.at(-1)?.rows).toEqual([{ two: 2 }]);
  });

  it('commits a transaction whole and rolls back a failed one whole', async () => {
    const { db, t } = await open();
    await db.transaction(async (tx) => {
      await tx.query(t('UPDATE {t} SET balance = balance - 4 WHERE id = 1'));
      await tx.query(t('UPDATE {t} SET balance = balance + 4 WHERE id = 2'));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(t('UPDATE {t} SET balance = balance + 100 WHERE id = 2'));
        await tx.query(t('UPDATE {t} SET balance = balance - 100 WHERE id = 1'));
      }),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(t('UPDATE {t} SET balance = 0 WHERE id = 1'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query(t('SELECT id, balance FROM {t} ORDER BY id'));
    expect(rows).toEqual([
      { id: 1, balance: '6' },
      { id: 2, balance: '4' },
    ]);
  });

  it('holds other queries while a transaction is open, as one connection does', async () => {
    const { db, t } = await open();
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query(t('UPDATE {t} SET balance = 7 WHERE id = 2'));
      outside = db.query(t('SELECT balance FROM {t} WHERE id = 2'));
      // Give the outside query every chance to run inside the open transaction.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query(t('UPDATE {t} SET balance = 8 WHERE id = 2'));
    });
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ balance: '8' }]);
  });

  it('gives errors their SQLSTATE and constraint', async () => {
    const { db, t } = await open();
    const error = await db.query(t('INSERT INTO {t} (id, balance) VALUES (1, 1)')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(pgError(error)).toEqual({ code: UNIQUE_VIOLATION, constraint: t('{t}_pkey') });
  });

  it('hands a committed NOTIFY to its listener before the committing call returns', async () => {
    const { db } = await open();
    const heard: string[] = [];
    const unlisten = await db.listen('balances', (payload) => heard.push(payload));
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('balances', 'user-1')");
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['user-1']);
    await db.query("SELECT pg_notify('balances', 'user-2')");
    expect(heard).toEqual(['user-1', 'user-2']);
    await unlisten();
    await db.query("SELECT pg_notify('balances', 'user-3')");
    expect(heard).toEqual(['user-1', 'user-2']);
  });

  it('hands every NOTIFY of a commit to its listeners, in order, on the two channels', async () => {
    const { db } = await open();
    const heard: string[] = [];
    const off = await Promise.all([
      db.listen('balances', (payload) => heard.push(`balances ${payload}`)),
      db.listen('history', (payload) => heard.push(`history ${payload}`)),
    ]);
    await db.transaction(async (tx) => {
      for (let i = 1; i <= 30; i++)
        await tx.query(`SELECT pg_notify($1, $2)`, [i % 3 ? 'balances' : 'history', `u${i}`]);
    });
    expect(heard).toEqual(Array.from({ length: 30 }, (_, k) => `${(k + 1) % 3 ? 'balances' : 'history'} u${k + 1}`));
    await Promise.all(off.map((unlisten) => unlisten()));
  });

  it('runs transactions asked for at once one after another, each with its own queries', async () => {
    const { db, t } = await open();
    // Eight transactions begun without waiting: each moves 1 from account 1 to 2, reading as it goes.
    const seen = await Promise.all(
      Array.from({ length: 8 }, () =>
        db.transaction(async (tx) => {
          const before = await tx.query<{ balance: string }>(t('SELECT balance FROM {t} WHERE id = 1'));
          await tx.query(t('UPDATE {t} SET balance = balance - 1 WHERE id = 1'));
          await tx.query(t('UPDATE {t} SET balance = balance + 1 WHERE id = 2'));
          return BigInt(before.rows[0]!.balance);
        }),
      ),
    );
    expect(seen.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual([10n, 9n, 8n, 7n, 6n, 5n, 4n, 3n]);
    const after = await db.query<{ id: number; balance: string }>(t('SELECT id, balance FROM {t} ORDER BY id'));
    expect(after.rows.map((r) => BigInt(r.balance))).toEqual([2n, 8n]);
  });

  it('dumps its data directory; a copy opened from the dump refuses calls once closed', async () => {
    const { db, t } = await open();
    const dump = await db.dumpDataDir();
    expect(dump.size).toBeGreaterThan(1000);
    const copy = await openPgliteWorker(undefined, dump);
    expect((await copy.query(t('SELECT count(*)::int AS n FROM {t}'))).rows).toEqual([{ n: 2 }]);
    await copy.close();
    expect(copy.closed).toBe(true);
    await expect(copy.query('SELECT 1')).rejects.toThrow(/stopped/);
  });
});

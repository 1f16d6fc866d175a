import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build.js';
import type { Database } from '../../db/client.js';
import { FUNCTIONS_DIR, readFunctionFiles } from '../../db/migrate.js';

/*
 * The closed kernel: operation types are registered rows (money_operation_types), written by
 * each operation's own SQL file; the kernel functions dispatch on them and name no product.
 */
const KERNEL = ['money_execute', 'money_execute_batch', 'money_book', 'money_compensate', 'ledger_post'];

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 120_000);
afterAll(async () => drop());

const rows = async (text: string, values?: unknown[]) => (await database.executeSql(text, values)).rows;

describe('the money kernel', () => {
  it('names no operation kind and no transaction type of a product', async () => {
    const registered = (await rows(`SELECT kind FROM money_operation_types`)).map((r) => String(r.kind));
    // Transaction types, as the operation files book them ('type', 'GAE').
    // GAE and GAEX are booked through a variable (gae_book_purchase's p_kind).
    const types = new Set<string>(['GAE', 'GAEX']);
    for (const file of readFunctionFiles())
      for (const match of file.text.matchAll(/'type',\s*'([A-Z_]+)'/g)) types.add(match[1]!);
    expect(registered.length).toBeGreaterThan(20);
    expect([...types]).toEqual(expect.arrayContaining(['GES', 'USDAU', 'PAYMENT', 'REMIT', 'QMGT', 'CONVERT']));
    for (const name of KERNEL) {
      const text = await readFile(path.join(FUNCTIONS_DIR, `${name}.sql`), 'utf8');
      const code = text.replace(/--.*$/gm, '');
      for (const kind of registered) expect(code, `${name} names ${kind}`).not.toMatch(new RegExp(`'${kind}'`));
      for (const type of types) expect(code, `${name} names ${type}`).not.toMatch(new RegExp(`'${type}'`));
      expect(code, name).not.toMatch(/\b(ges|gae|gaex|usdau|payment|remit|staking)\b/i);
    }
  });

  it('registers every operation function, each with a handler and compensation that exist', async () => {
    const operations = readFunctionFiles()
      .filter((f) => f.name.startsWith('money_op_'))
      .map((f) => f.name.slice('money_op_'.length))
      .sort();
    const registry = await rows(
      `SELECT t.kind, t.handler, t.compensation,
              to_regproc(t.handler) IS NOT NULL AS handler_exists,
              t.compensation IS NULL OR to_regproc(t.compensation) IS NOT NULL AS compensation_exists
         FROM money_operation_types t ORDER BY t.kind`,
    );
    expect(registry.map((r) => r.kind)).toEqual(operations);
    for (const row of registry) {
      expect(row.handler).toBe(`money_op_${String(row.kind)}`);
      expect(row.handler_exists).toBe(true);
      expect(row.compensation_exists).toBe(true);
    }
    // The purchases: what pays uplines their referral rewards.
    expect(
      (await rows(`SELECT kind FROM money_operation_types WHERE earns_referral ORDER BY kind`)).map((r) => r.kind),
    ).toEqual(['gae_auto_save', 'gae_purchase', 'ges_instalment', 'ges_join', 'payment_credit', 'swap']);
  });

  it('refuses a kind nobody registered, changing nothing', async () => {
    const before = await rows(`SELECT count(*)::int AS n FROM idempotency_keys`);
    for (const kind of ['no_such_kind', 'money_execute', "x'; DROP TABLE users; --", null])
      await expect(
        rows(`SELECT money_execute($1::jsonb) AS answer`, [
          JSON.stringify({ kind, userId: '00000000-0000-0000-0000-000000000001', key: 'k1', requestHash: 'h' }),
        ]),
      ).rejects.toThrow(/unknown money operation/);
    expect(await rows(`SELECT count(*)::int AS n FROM idempotency_keys`)).toEqual(before);
  });
});

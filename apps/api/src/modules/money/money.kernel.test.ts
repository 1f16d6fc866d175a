import { randomUUID } from 'node:crypto';
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

  it('dispatches through a CASE of every registered kind, written again by each registration', async () => {
    const dispatcher = String((await rows(`SELECT pg_get_functiondef('money_dispatch'::regproc) AS def`))[0]!.def);
    const registry = await rows(`SELECT kind, handler FROM money_operation_types ORDER BY kind`);
    for (const { kind, handler } of registry)
      expect(dispatcher).toContain(`WHEN '${String(kind)}' THEN RETURN ${String(handler)}(p_op);`);
    expect(dispatcher).not.toMatch(/EXECUTE/i);

    // A kind registered later is dispatched at once; unregistered, it is refused again.
    await rows(
      `CREATE FUNCTION zz_op_echo(p_op jsonb) RETURNS jsonb LANGUAGE sql AS $$ SELECT jsonb_build_object('status', 200, 'echo', p_op->>'note') $$`,
    );
    try {
      await rows(`SELECT money_kind_register('zz_echo', 'zz_op_echo', false, NULL)`);
      const [answer] = await rows(`SELECT money_execute($1::jsonb) AS answer`, [
        JSON.stringify({ kind: 'zz_echo', userId: '00000000-0000-0000-0000-000000000001', note: 'hello' }),
      ]);
      expect(answer!.answer).toEqual({ status: 200, echo: 'hello' });
    } finally {
      await rows(`DELETE FROM money_operation_types WHERE kind = 'zz_echo'`);
      await rows(`SELECT money_dispatch_write()`);
      await rows(`DROP FUNCTION zz_op_echo(jsonb)`);
    }
    await expect(
      rows(`SELECT money_execute($1::jsonb) AS answer`, [
        JSON.stringify({ kind: 'zz_echo', userId: '00000000-0000-0000-0000-000000000001' }),
      ]),
    ).rejects.toThrow(/unknown money operation/);
  });

  it('refuses a kind nobody registered, changing nothing', async () => {
    // A real customer, so that the Idempotency-Key's claim is written before the refusal undoes it.
    const [user] = await rows(
      `INSERT INTO users (username, email, password_hash, user_hash, ref_code)
       VALUES ('kernel_unknown', 'kernel_unknown@example.com', 'x', 'hash_unknown', 'KRNUNKX') RETURNING id::text AS id`,
    );
    const before = await rows(`SELECT count(*)::int AS n FROM idempotency_keys`);
    for (const kind of ['no_such_kind', 'money_execute', "x'; DROP TABLE users; --", null])
      await expect(
        rows(`SELECT money_execute($1::jsonb) AS answer`, [
          JSON.stringify({ kind, userId: user!.id, key: 'k1', scope: '/test', requestHash: 'h' }),
        ]),
      ).rejects.toThrow(/unknown money operation/);
    expect(await rows(`SELECT count(*)::int AS n FROM idempotency_keys`)).toEqual(before);
  });

  describe('a batch closes its entries once, at its end', () => {
    const Q = 10n ** 18n;
    let seq = 0;
    async function customerWithQmgt(qmgt: bigint): Promise<string> {
      seq++;
      const [user] = await rows(
        `INSERT INTO users (username, email, password_hash, user_hash, ref_code)
         VALUES ($1, $2, 'x', $3, $4) RETURNING id::text AS id`,
        [`kernel_${seq}`, `kernel_${seq}@example.com`, `hash_${seq}`, `KRN${seq}X`],
      );
      const id = String(user!.id);
      await rows(`SELECT ledger_post('test.grant', NULL, $1::jsonb)`, [
        JSON.stringify([
          { owner: null, purpose: 'treasury', asset: 'QMGT', amount: (-qmgt * Q).toString() },
          { owner: id, purpose: 'available', asset: 'QMGT', amount: (qmgt * Q).toString() },
        ]),
      ]);
      return id;
    }
    const sell = (userId: string, n: number) => ({
      kind: 'sell',
      userId,
      key: `kernel-sell-${userId}-${n}`,
      scope: '/sell-token',
      requestHash: 'h',
      amountIn: (Q / 100n).toString(),
      amountOut: '1270000',
      fee: '0',
      price: '127000000',
      minAmountOut: '1',
      code: `QMGT${randomUUID().slice(0, 12)}`,
      now: new Date().toISOString(),
    });
    const totals = async () =>
      Object.fromEntries(
        (
          await rows(
            `SELECT asset || '/' || purpose AS k, sum(total)::text AS total FROM ledger_totals GROUP BY 1 ORDER BY 1`,
          )
        ).map((r) => [String(r.k), String(r.total)]),
      );
    const sums = async () =>
      Object.fromEntries(
        (
          await rows(
            `SELECT a.asset || '/' || a.purpose AS k, sum(p.amount)::text AS total
               FROM postings p JOIN ledger_accounts a ON a.id = p.account_id GROUP BY 1 HAVING sum(p.amount) <> 0 ORDER BY 1`,
          )
        ).map((r) => [String(r.k), String(r.total)]),
      );

    it('keeps the running totals equal to the postings after a batch of many operations', async () => {
      const a = await customerWithQmgt(5n);
      const b = await customerWithQmgt(5n);
      const ops = [sell(a, 1), sell(a, 2), sell(b, 1), sell(a, 3), sell(b, 2)].sort((x, y) =>
        x.userId < y.userId ? -1 : 1,
      );
      const [result] = await rows(`SELECT money_execute_batch($1::jsonb) AS answers`, [JSON.stringify(ops)]);
      const answers = (typeof result!.answers === 'string' ? JSON.parse(result!.answers) : result!.answers) as {
        status: number;
      }[];
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
      const totalsNow = await totals();
      expect(Object.fromEntries(Object.entries(totalsNow).filter(([, v]) => v !== '0'))).toEqual(await sums());
    });

    it('refuses the whole batch when one operation books an entry that does not sum to zero', async () => {
      const a = await customerWithQmgt(5n);
      await rows(`CREATE FUNCTION money_op_kernel_unbalanced(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $f$
        BEGIN
          RETURN money_book('test.unbalanced', NULL, jsonb_build_array(
            jsonb_build_object('owner', p_op->>'userId', 'purpose', 'available', 'asset', 'QMGT', 'amount', '-1'),
            jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'QMGT', 'amount', '2')),
            jsonb_build_object('userId', p_op->>'userId', 'type', 'QMGT', 'code', p_op->>'code'));
        END $f$`);
      await rows(`SELECT money_kind_register('kernel_unbalanced', 'money_op_kernel_unbalanced', false, NULL)`);
      try {
        const before = await rows(`SELECT count(*)::int AS n FROM transactions WHERE user_id = $1`, [a]);
        const ops = [sell(a, 1), { ...sell(a, 2), kind: 'kernel_unbalanced' }, sell(a, 3)];
        await expect(rows(`SELECT money_execute_batch($1::jsonb) AS answers`, [JSON.stringify(ops)])).rejects.toThrow(
          /does not sum to zero/,
        );
        // The sells before and after it are gone with it: nothing of the batch stays.
        expect(await rows(`SELECT count(*)::int AS n FROM transactions WHERE user_id = $1`, [a])).toEqual(before);
        // Outside a batch, the same entry is refused by the postings trigger at once.
        await expect(
          rows(`SELECT money_execute($1::jsonb) AS answer`, [
            JSON.stringify({ ...sell(a, 4), kind: 'kernel_unbalanced' }),
          ]),
        ).rejects.toThrow(/does not sum to zero/);
      } finally {
        await rows(`DELETE FROM money_operation_types WHERE kind = 'kernel_unbalanced'`);
        await rows(`DROP FUNCTION money_op_kernel_unbalanced(jsonb)`);
      }
    });
  });
});

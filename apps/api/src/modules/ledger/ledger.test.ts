import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { ASSETS, type Asset } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { ledgerKit } from '../../test/ledger.js';
import { createLedgerService, InsufficientFundsError, type LedgerService } from './ledger.service.js';
import { UnbalancedEntryError, type PostingLine } from './ledger.rules.js';

let t: TestApp;
let ledger: LedgerService;
beforeAll(async () => {
  t = await build();
  ledger = createLedgerService(t.database.db);
});
afterAll(async () => t.close());

const { newUser, post, deposit, withdraw, available } = ledgerKit(
  () => t,
  () => ledger,
  'ledger',
);

describe('journal entries', () => {
  it('refuses an entry that does not sum to zero, before and inside the database', async () => {
    const u = await newUser();
    await expect(
      post('bad', [
        { account: { userId: u, purpose: 'available' }, asset: 'USDT', amount: 5n },
        { account: { platform: 'external' }, asset: 'USDT', amount: -4n },
      ]),
    ).rejects.toThrow(UnbalancedEntryError);
    // Straight to SQL, bypassing the service: the deferred trigger refuses it at commit.
    const accountId = (
      await t.database.executeSql(
        `INSERT INTO ledger_accounts (owner_user_id, asset, purpose) VALUES ('${u}', 'USDT', 'rewards') RETURNING id`,
      )
    ).rows[0]!.id;
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql.raw(`INSERT INTO journal_entries (id, type) VALUES ('00000000-0000-4000-8000-000000000001', 'forged')`),
        );
        await tx.execute(
          sql.raw(
            `INSERT INTO postings (entry_id, account_id, asset, amount) VALUES ('00000000-0000-4000-8000-000000000001', '${accountId}', 'USDT', 1000)`,
          ),
        );
      }),
    ).rejects.toThrow();
    expect(await ledger.balances(u)).toMatchObject({ USDT: { rewards: 0n } });
  });

  it.each([
    ['an account that does not exist', 'unknown'],
    ['an account of another asset', 'other asset'],
  ] as const)('refuses, straight in SQL, a balanced entry with a posting to %s', async (_label, kind) => {
    const u = await newUser();
    // The platform's external account may go below zero: only the account check can refuse.
    const external = String(
      (await t.database.executeSql(`SELECT ledger_account_id(NULL, 'USDT', 'external') AS id`)).rows[0]!.id,
    );
    const to =
      kind === 'unknown'
        ? '00000000-0000-4000-8000-0000000000aa'
        : String(
            (
              await t.database.executeSql(
                `INSERT INTO ledger_accounts (owner_user_id, asset, purpose) VALUES ('${u}', 'QMGT', 'rewards') RETURNING id`,
              )
            ).rows[0]!.id,
          );
    const entry = kind === 'unknown' ? '00000000-0000-4000-8000-000000000002' : '00000000-0000-4000-8000-000000000003';
    const refusal = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`INSERT INTO journal_entries (id, type) VALUES ('${entry}', 'forged')`));
        await tx.execute(
          sql.raw(
            `INSERT INTO postings (entry_id, account_id, asset, amount) VALUES ('${entry}', '${external}', 'USDT', -1000), ('${entry}', '${to}', 'USDT', 1000)`,
          ),
        );
      })
      .then(
        () => 'committed',
        (error: unknown) => String((error as { cause?: { message?: string } }).cause?.message ?? error),
      );
    expect(refusal).toMatch(/posting to unknown account or in another asset/);
    expect(await ledger.balances(u)).toMatchObject({ QMGT: { rewards: 0n } });
  });

  it('keeps history immutable and balances changeable only through postings', async () => {
    const u = await newUser();
    await deposit(u, 'USDT', 100n);
    await expect(t.database.executeSql(`UPDATE postings SET amount = amount * 2`)).rejects.toThrow(/immutable/);
    await expect(t.database.executeSql(`DELETE FROM journal_entries`)).rejects.toThrow(/immutable/);
    await expect(
      t.database.executeSql(`UPDATE ledger_accounts SET balance = 1000000 WHERE owner_user_id = '${u}'`),
    ).rejects.toThrow(/only through postings/);
    expect(await available(u, 'USDT')).toBe(100n);
  });

  it('never lets a customer balance go below zero, and the refused entry leaves nothing behind', async () => {
    const u = await newUser();
    await deposit(u, 'QMGT', 10n);
    await expect(withdraw(u, 'QMGT', 11n)).rejects.toThrow(InsufficientFundsError);
    expect(await available(u, 'QMGT')).toBe(10n);
    const check = await ledger.check();
    expect(check).toMatchObject({ balanced: true, nonNegative: true });
  });
});

describe('concurrent spends of one balance', () => {
  it('exactly the affordable ones succeed', async () => {
    const u = await newUser();
    await deposit(u, 'USDT', 1000n);
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => withdraw(u, 'USDT', 70n)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toBe(14);
    expect(refused.every((r) => r.status === 'rejected' && r.reason instanceof InsufficientFundsError)).toBe(true);
    expect(await available(u, 'USDT')).toBe(1000n - 14n * 70n);
  });

  it('transfers in opposite directions between the same two users do not deadlock', async () => {
    const [a, b] = [await newUser(), await newUser()];
    await deposit(a, 'USDT', 500n);
    await deposit(b, 'USDT', 500n);
    const transfer = (from: string, to: string) =>
      post('transfer', [
        { account: { userId: from, purpose: 'available' }, asset: 'USDT', amount: -10n },
        { account: { userId: to, purpose: 'available' }, asset: 'USDT', amount: 10n },
      ]);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? transfer(a, b) : transfer(b, a))));
    expect((await available(a, 'USDT')) + (await available(b, 'USDT'))).toBe(1000n);
  });
});

describe('the ledger against a model', () => {
  it('random sequences of deposits, transfers, withdrawals and fee-charged conversions keep every invariant', async () => {
    const users = [await newUser(), await newUser(), await newUser()];
    const asset = fc.constantFrom<Asset>(...ASSETS);
    const who = fc.integer({ min: 0, max: users.length - 1 });
    const amount = fc.bigInt({ min: 1n, max: 10n ** 21n });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('deposit' as const), user: who, asset, amount }),
      fc.record({ kind: fc.constant('withdraw' as const), user: who, asset, amount }),
      fc.record({ kind: fc.constant('transfer' as const), user: who, to: who, asset, amount }),
      fc.record({
        kind: fc.constant('convert' as const),
        user: who,
        amount,
        fee: fc.bigInt({ min: 0n, max: 10n ** 18n }),
      }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const model = new Map<string, bigint>();
        const key = (u: string, a: Asset) => `${u}:${a}`;
        for (const u of users) for (const a of ASSETS) model.set(key(u, a), await available(u, a));
        const get = (u: string, a: Asset) => model.get(key(u, a)) ?? 0n;

        for (const o of ops) {
          const u = users[o.user]!;
          let lines: PostingLine[];
          let affordable: boolean;
          let effect: () => void;
          if (o.kind === 'deposit') {
            lines = [
              { account: { platform: 'external' }, asset: o.asset, amount: -o.amount },
              { account: { userId: u, purpose: 'available' }, asset: o.asset, amount: o.amount },
            ];
            affordable = true;
            effect = () => model.set(key(u, o.asset), get(u, o.asset) + o.amount);
          } else if (o.kind === 'withdraw') {
            lines = [
              { account: { userId: u, purpose: 'available' }, asset: o.asset, amount: -o.amount },
              { account: { platform: 'external' }, asset: o.asset, amount: o.amount },
            ];
            affordable = get(u, o.asset) >= o.amount;
            effect = () => model.set(key(u, o.asset), get(u, o.asset) - o.amount);
          } else if (o.kind === 'transfer') {
            const to = users[o.to]!;
            if (to === u) continue;
            lines = [
              { account: { userId: u, purpose: 'available' }, asset: o.asset, amount: -o.amount },
              { account: { userId: to, purpose: 'available' }, asset: o.asset, amount: o.amount },
            ];
            affordable = get(u, o.asset) >= o.amount;
            effect = () => {
              model.set(key(u, o.asset), get(u, o.asset) - o.amount);
              model.set(key(to, o.asset), get(to, o.asset) + o.amount);
            };
          } else {
            // USDT in, QMGT out of the treasury, a fee in QMGT kept back: two assets, four accounts.
            const fee = o.fee < o.amount ? o.fee : 0n;
            lines = [
              { account: { userId: u, purpose: 'available' }, asset: 'USDT', amount: -o.amount },
              { account: { platform: 'treasury' }, asset: 'USDT', amount: o.amount },
              { account: { platform: 'treasury' }, asset: 'QMGT', amount: -o.amount },
              { account: { userId: u, purpose: 'available' }, asset: 'QMGT', amount: o.amount - fee },
              ...(fee > 0n ? [{ account: { platform: 'fees' as const }, asset: 'QMGT' as const, amount: fee }] : []),
            ];
            affordable = get(u, 'USDT') >= o.amount;
            effect = () => {
              model.set(key(u, 'USDT'), get(u, 'USDT') - o.amount);
              model.set(key(u, 'QMGT'), get(u, 'QMGT') + o.amount - fee);
            };
          }
          try {
            await post(o.kind, lines);
            expect(affordable, `${o.kind} should have been refused`).toBe(true);
            effect();
          } catch (error) {
            expect(error).toBeInstanceOf(InsufficientFundsError);
            expect(affordable).toBe(false);
          }
        }
        for (const u of users) for (const a of ASSETS) expect(await available(u, a)).toBe(get(u, a));
        const check = await ledger.check();
        expect(check.balanced).toBe(true);
        expect(check.nonNegative).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});

describe('GET /api/admin/ledger/check', () => {
  it('answers operators with the invariants and refuses customers', async () => {
    const { signedInUser, post: postJson, get } = await import('../../test/factories.js');
    await t.app.services.auth.ensureOperator({ email: 'ledger-ops@qmgt.test', password: 'ledger-ops-pass-1' });
    const operator = (
      await postJson(t.app, '/auth/local', { identifier: 'ledger-ops@qmgt.test', password: 'ledger-ops-pass-1' })
    ).json().jwt;
    const res = await get(t.app, '/admin/ledger/check', operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ balanced: true, nonNegative: true });
    expect(res.json().entries).toBeGreaterThan(0);
    const customer = await signedInUser(t.app);
    expect((await get(t.app, '/admin/ledger/check', customer.token)).statusCode).toBe(403);
  });
});

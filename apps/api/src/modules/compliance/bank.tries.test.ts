import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAccount } from '@qmgt/contracts';
import { BankRefusedAccount, BankUnavailable, type BankPort } from '../../adapters/bank/port.js';
import { build, type TestApp } from '../../test/build.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { createBankService } from './bank.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
}, 120_000);
afterAll(async () => t.close());

async function verifiedCustomer() {
  const session = await signedInUser(t.app);
  await t.app.services.kyc.saveDraft(session.user.id, { firstName: 'Siti', lastName: 'Abdullah' }, undefined);
  await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${session.user.id}'`);
  return session;
}

async function addAccount(token: string): Promise<BankAccount> {
  const res = await post(
    t.app,
    '/bank-accounts',
    { bankName: 'Maybank', accountHolder: 'Siti Abdullah', accountNumber: '1234 5678 9012', country: 'Malaysia' },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ bankAccount: BankAccount }>().bankAccount;
}

const deposits = async (id: string) =>
  (await get(t.app, `/dev/bank/${id}`)).json<{ deposits: [string, string] }>().deposits;

/** Every pair of amounts but the right one, so that each guess is wrong. */
function wrongPairs(right: [string, string], count: number): [string, string][] {
  const pairs: [string, string][] = [];
  for (let a = 1; pairs.length < count; a++) {
    const pair: [string, string] = [`0.${String(a).padStart(2, '0')}`, `0.${String(a + 1).padStart(2, '0')}`];
    if ([...pair].sort().join() !== [...right].sort().join()) pairs.push(pair);
  }
  return pairs;
}

describe('bank verification tries under concurrent answers', () => {
  it('counts every answer: parallel wrong guesses get three tries in all, not three each', async () => {
    const me = await verifiedCustomer();
    const account = await addAccount(me.token);
    const right = await deposits(account.id);
    const answers = await Promise.all(
      wrongPairs(right, 12).map((amounts) => post(t.app, `/bank-accounts/${account.id}/verify`, { amounts }, me.token)),
    );
    const statuses = answers.map((r) => r.statusCode);
    // Three answers were weighed (422); the rest found the tries used up (409).
    expect(statuses.filter((s) => s === 422)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const [after] = (await get(t.app, '/bank-accounts', me.token)).json<{ data: BankAccount[] }>().data;
    expect(after).toMatchObject({ status: 'failed', attemptsLeft: 0 });
    const stored = await t.database.executeSql(`SELECT attempts FROM bank_accounts WHERE id = $1`, [account.id]);
    expect((stored.rows[0] as { attempts: number }).attempts).toBe(3);
  });

  it('a right answer sent among parallel wrong ones is only weighed while tries remain', async () => {
    const me = await verifiedCustomer();
    const account = await addAccount(me.token);
    const right = await deposits(account.id);
    const guesses = [...wrongPairs(right, 5), right];
    const answers = await Promise.all(
      guesses.map((amounts) => post(t.app, `/bank-accounts/${account.id}/verify`, { amounts }, me.token)),
    );
    const weighed = answers.filter((r) => r.statusCode === 422 || r.statusCode === 200);
    expect(weighed.length).toBeLessThanOrEqual(3);
    const [after] = (await get(t.app, '/bank-accounts', me.token)).json<{ data: BankAccount[] }>().data;
    // Either the right answer came within the three tries (verified) or after them (failed).
    expect(['verified', 'failed']).toContain(after!.status);
    expect(after!.status === 'verified').toBe(answers.at(-1)!.statusCode === 200);
  });
});

describe('a bank that cannot be asked (the production adapter down)', () => {
  /** A provider-checked bank (no sandbox amounts) whose answers the test sets. */
  function providerBank() {
    const state = { down: false, refuse: false, right: [12, 34] as [number, number] };
    const port: BankPort = {
      kind: 'stripe',
      async startVerification() {
        if (state.refuse) throw new BankRefusedAccount('Routing number must have 9 digits');
        if (state.down) throw new BankUnavailable('Stripe unreachable');
        return { externalId: 'seti_test' };
      },
      async confirmDeposits(_id, cents) {
        if (state.down) throw new BankUnavailable('Stripe unreachable');
        return cents.join() === state.right.join();
      },
    };
    const service = createBankService({
      db: t.database.db,
      bank: port,
      cipher: t.app.services.fieldCipher,
      kyc: t.app.services.kyc,
    });
    return { state, service };
  }
  const details = {
    bankName: 'Chase',
    accountHolder: 'Siti Abdullah',
    accountNumber: '110000000/000123456789',
    country: 'US',
  };

  it('costs no try and answers 503 with a clear message; refused details are a 422', async () => {
    const me = await verifiedCustomer();
    const { state, service } = providerBank();
    state.refuse = true;
    await expect(service.add(me.user.id, details, null)).rejects.toMatchObject({
      status: 422,
      message: 'The bank refused these account details: Routing number must have 9 digits',
    });
    state.refuse = false;
    state.down = true;
    await expect(service.add(me.user.id, details, null)).rejects.toMatchObject({ status: 503 });
    expect(await service.list(me.user.id)).toEqual([]);

    state.down = false;
    const account = await service.add(me.user.id, details, null);
    state.down = true;
    for (let i = 0; i < 4; i++)
      await expect(service.verify(me.user.id, account.id, ['0.12', '0.34'], null)).rejects.toMatchObject({
        status: 503,
        message: expect.stringContaining('nothing was counted'),
      });
    expect((await service.list(me.user.id))[0]).toMatchObject({ status: 'pending', attemptsLeft: 3 });

    state.down = false;
    await expect(service.verify(me.user.id, account.id, ['0.11', '0.34'], null)).rejects.toMatchObject({ status: 422 });
    const verified = await service.verify(me.user.id, account.id, ['0.12', '0.34'], null);
    expect(verified).toMatchObject({ status: 'verified', attemptsLeft: 2 });
  });
});

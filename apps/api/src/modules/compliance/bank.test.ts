import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { BankAccount } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { DEFAULT_OPERATOR } from '../../test/operator.js';

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  t = await build({ operator: DEFAULT_OPERATOR });
  operatorToken = (
    await post(t.app, '/auth/local', { identifier: DEFAULT_OPERATOR.email, password: DEFAULT_OPERATOR.password })
  ).json().jwt;
}, 120_000);
afterAll(async () => t.close());

/** A KYC-verified customer named Siti Nur Abdullah on their identity check. */
async function verifiedCustomer() {
  const session = await signedInUser(t.app);
  await t.app.services.kyc.saveDraft(
    session.user.id,
    { firstName: 'Siti', middleName: 'Nur', lastName: 'Abdullah' },
    undefined,
  );
  await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${session.user.id}'`);
  return session;
}

const account = {
  bankName: 'Maybank',
  accountHolder: 'SITI ABDULLAH',
  accountNumber: 'DE89 3704 0044 0532 0130 00',
  country: 'Malaysia',
};
const add = async (token: string, body = account) => {
  const res = await post(t.app, '/bank-accounts', body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ bankAccount: BankAccount }>().bankAccount;
};
const deposits = async (id: string) =>
  (await get(t.app, `/dev/bank/${id}`)).json<{ deposits: [string, string] }>().deposits;

describe('bank verification', () => {
  it('verifies an account by its two deposits; the number is stored encrypted and shown masked', async () => {
    const me = await verifiedCustomer();
    const added = await add(me.token);
    expect(added).toMatchObject({
      status: 'pending',
      accountNumberMasked: '•••• 3000',
      attemptsLeft: 3,
      nameMatches: true,
    });
    const stored = await t.database.executeSql(
      `SELECT account_number_enc, deposits_enc FROM bank_accounts WHERE id = $1`,
      [added.id],
    );
    const row = stored.rows[0] as { account_number_enc: string; deposits_enc: string };
    expect(row.account_number_enc).toMatch(/^v1\./);
    expect(row.account_number_enc).not.toContain('3704');
    expect(JSON.stringify(await get(t.app, '/bank-accounts', me.token).then((r) => r.json()))).not.toContain('3704');

    const [a, b] = await deposits(added.id);
    const res = await post(t.app, `/bank-accounts/${added.id}/verify`, { amounts: [b, a] }, me.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bankAccount).toMatchObject({ status: 'verified', verifiedAt: expect.any(String) });
    expect((await post(t.app, `/bank-accounts/${added.id}/verify`, { amounts: [a, b] }, me.token)).statusCode).toBe(
      409,
    );
  });

  it('fails an account after three wrong answers, and changes nothing for another user', async () => {
    const me = await verifiedCustomer();
    const added = await add(me.token);
    const [a, b] = await deposits(added.id);
    const wrong = a === '0.01' ? '0.02' : '0.01';
    const other = await verifiedCustomer();
    expect((await post(t.app, `/bank-accounts/${added.id}/verify`, { amounts: [a, b] }, other.token)).statusCode).toBe(
      404,
    );
    expect((await get(t.app, '/bank-accounts', other.token)).json().data).toEqual([]);
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(t.app, `/bank-accounts/${added.id}/verify`, { amounts: [wrong, wrong] }, me.token);
      expect(res.statusCode).toBe(422);
      answers.push(res.json().error.message);
    }
    expect(answers).toEqual([
      'Those amounts are not the deposits. 2 tries left.',
      'Those amounts are not the deposits. 1 try left.',
      'Those amounts are not the deposits, and that was the last try. Add the account again to get new deposits.',
    ]);
    // Even the right amounts are too late now.
    const late = await post(t.app, `/bank-accounts/${added.id}/verify`, { amounts: [a, b] }, me.token);
    expect(late.statusCode).toBe(409);
    expect((await get(t.app, '/bank-accounts', me.token)).json().data[0]).toMatchObject({
      status: 'failed',
      attemptsLeft: 0,
    });
  });

  it("sends a holder who is not the KYC name to the operator's review", async () => {
    const me = await verifiedCustomer();
    const added = await add(me.token, { ...account, accountHolder: 'Abdullah Trading Sdn Bhd' });
    expect(added.nameMatches).toBe(false);
    const [a, b] = await deposits(added.id);
    const res = await post(t.app, `/bank-accounts/${added.id}/verify`, { amounts: [a, b] }, me.token);
    expect(res.json().bankAccount).toMatchObject({ status: 'review' });
    const queue = (await get(t.app, '/admin/bank-accounts', operatorToken)).json().data;
    expect(queue.find((q: { id: string }) => q.id === added.id)).toMatchObject({ kycName: 'Siti Nur Abdullah' });
    expect((await post(t.app, `/admin/bank-accounts/${added.id}/reject`, {}, operatorToken)).statusCode).toBe(400);
    const rejected = await post(
      t.app,
      `/admin/bank-accounts/${added.id}/reject`,
      { reason: 'A company account' },
      operatorToken,
    );
    expect(rejected.json().bankAccount).toMatchObject({ status: 'rejected', reason: 'A company account' });
    expect((await post(t.app, `/admin/bank-accounts/${added.id}/approve`, {}, operatorToken)).statusCode).toBe(409);
    expect((await post(t.app, `/admin/bank-accounts/${randomUUID()}/approve`, {}, operatorToken)).statusCode).toBe(404);
    expect((await get(t.app, '/admin/bank-accounts', me.token)).statusCode).toBe(403);
  });

  it('refuses junk and unverified customers', async () => {
    const unverified = await signedInUser(t.app);
    expect((await post(t.app, '/bank-accounts', account, unverified.token)).statusCode).toBe(403);
    const me = await verifiedCustomer();
    for (const body of [
      { ...account, accountNumber: '12' },
      { ...account, accountNumber: '<script>alert(1)</script>' },
      { ...account, bankName: '' },
      { ...account, accountHolder: 'x'.repeat(121) },
    ])
      expect((await post(t.app, '/bank-accounts', body, me.token)).statusCode).toBe(400);
    const added = await add(me.token);
    for (const amounts of [['0.1', '0.2'], ['1.00', '0.20'], ['abc', '0.20'], ['0.20']])
      expect((await post(t.app, `/bank-accounts/${added.id}/verify`, { amounts }, me.token)).statusCode).toBe(400);
    // None of those counted as a try.
    expect((await get(t.app, '/bank-accounts', me.token)).json().data[0].attemptsLeft).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { toUnits, type Reserves, type VaultBar } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';
import { customerKit } from '../../test/customers.js';

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator());
}, 120_000);
afterAll(async () => t.close());

const call = (method: 'POST', url: string, body: unknown, token?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const { customer, buyGold } = customerKit(() => t);
const reserves = async () => (await get(t.app, '/reserves')).json<Reserves>();

/** A customer who bought grams in a GAE plan (grams the platform owes), referred by someone (a reward owed). */
async function gramsOwed(usdt: string) {
  const upline = await signedInUser(t.app);
  const session = await customer(usdt, { ref: upline.user.refCode });
  return (await buyGold(session.token, usdt)).grams;
}

describe('proof of reserves', () => {
  it('shows, to anyone, the grams owed against the bars the operator lists; each change is audited and shown at once', async () => {
    const empty = await reserves();
    expect(empty).toMatchObject({ onChainQmgt: null, vaultGrams: '0', barCount: 0, coverage: null });

    const grams = await gramsOwed('1000');
    const bar = await call(
      'POST',
      '/admin/vault-bars',
      { serial: 'AB12345', refinery: 'Valcambi', fineGrams: '995.5' },
      operatorToken,
    );
    expect(bar.statusCode, bar.body).toBe(200);
    const added = bar.json<{ bar: VaultBar }>().bar;

    const after = await reserves();
    expect(after.ledgerGold).toBe(grams);
    // The upline's unclaimed reward (5% of the grams, as QMGT) is owed too: minted when claimed.
    const reward = (toUnits(grams, 'GOLD') * 10n ** 12n * 500n) / 10_000n;
    expect(toUnits(after.rewardsQmgt, 'QMGT')).toBe(reward);
    const owed = toUnits(grams, 'GOLD') + (reward + 10n ** 12n - 1n) / 10n ** 12n;
    expect(toUnits(after.liabilitiesGrams, 'GOLD')).toBe(owed);
    expect(after.vaultGrams).toBe('995.5');
    expect(toUnits(after.surplusGrams, 'GOLD')).toBe(toUnits('995.5', 'GOLD') - owed);
    expect(after.coverage).toBe(
      (() => {
        const ratio = (toUnits('995.5', 'GOLD') * 10_000n) / owed;
        return `${ratio / 10_000n}.${(ratio % 10_000n).toString().padStart(4, '0')}`;
      })(),
    );
    expect(after.barCount).toBe(1);
    // The bar list pages at /reserves/bars (with the grams the allocation placed, allocation.test.ts).
    expect((await get(t.app, '/reserves/bars')).json().data).toEqual([
      { ...added, allocatedGrams: expect.any(String) },
    ]);

    // The same refinery's serial twice would count one bar twice.
    const duplicate = await call(
      'POST',
      '/admin/vault-bars',
      { serial: 'AB12345', refinery: 'Valcambi', fineGrams: '1' },
      operatorToken,
    );
    expect(duplicate.statusCode).toBe(409);
    const edited = await call(
      'POST',
      `/admin/vault-bars/${added.id}/correct`,
      { serial: 'AB12345', refinery: 'Valcambi', fineGrams: '1000' },
      operatorToken,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await reserves()).vaultGrams).toBe('1000');
    const withdrawn = await call('POST', `/admin/vault-bars/${added.id}/withdraw`, {}, operatorToken);
    expect(withdrawn.statusCode).toBe(200);
    expect((await reserves()).vaultGrams).toBe('0');
    expect((await call('POST', `/admin/vault-bars/${added.id}/withdraw`, {}, operatorToken)).statusCode).toBe(404);
    // Withdrawn, the serial can be listed again (a bar back from the refiner).
    expect(
      (
        await call(
          'POST',
          '/admin/vault-bars',
          { serial: 'AB12345', refinery: 'Valcambi', fineGrams: '1000' },
          operatorToken,
        )
      ).statusCode,
    ).toBe(200);

    const audit = await t.database.executeSql(
      `SELECT action FROM audit_log WHERE action LIKE 'reserves.bar.%' ORDER BY created_at, action`,
    );
    expect((audit.rows as { action: string }[]).map((r) => r.action)).toEqual([
      'reserves.bar.add',
      'reserves.bar.edit',
      'reserves.bar.withdraw',
      'reserves.bar.add',
    ]);
  });

  it('refuses bad bars and anyone but an operator', async () => {
    const customer = await signedInUser(t.app);
    const good = { serial: 'ZZ1', refinery: 'PAMP', fineGrams: '1000' };
    expect((await call('POST', '/admin/vault-bars', good)).statusCode).toBe(401);
    expect((await call('POST', '/admin/vault-bars', good, customer.token)).statusCode).toBe(403);
    expect((await get(t.app, '/admin/vault-bars', customer.token)).statusCode).toBe(403);
    for (const [body, status] of [
      [{ ...good, fineGrams: '0' }, 422],
      [{ ...good, fineGrams: '20000.5' }, 422],
      [{ ...good, fineGrams: '1.1234567' }, 422],
      [{ ...good, fineGrams: 'lots' }, 400],
      [{ ...good, serial: '' }, 400],
      [{ ...good, refinery: 'x'.repeat(121) }, 400],
    ] as const) {
      const res = await call('POST', '/admin/vault-bars', body, operatorToken);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
    expect((await call('POST', `/admin/vault-bars/${randomUUID()}/correct`, good, operatorToken)).statusCode).toBe(404);
    expect(
      (await get(t.app, '/admin/vault-bars', operatorToken)).json().data.some((b: VaultBar) => b.serial === 'ZZ1'),
    ).toBe(false);
  });
});

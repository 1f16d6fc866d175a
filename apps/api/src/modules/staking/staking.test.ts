import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { toUnits, type StakingPosition, type StakingPreview, type Transaction } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { customerKit } from '../../test/customers.js';
import { accruedBy, interestFor } from './staking.rules.js';

/*
 * Staking with a controlled clock: the maturity job's pass is told the date. QMGT comes from
 * a swap (no chain here: the ledger is what staking moves).
 */

let t: TestApp;
let second: TestApp | undefined;
beforeAll(async () => {
  t = await build();
  if (t.database.kind === 'postgres') second = await build({}, { sameDatabaseAs: t });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t.close();
});

const { send, customer, buyQmgt } = customerKit(() => t);
const qmgtOf = async (token: string) =>
  toUnits((await get(t.app, '/balances', token)).json<{ QMGT: { available: string } }>().QMGT.available, 'QMGT');

async function holder(withUpline: boolean) {
  const upline = withUpline ? await signedInUser(t.app) : undefined;
  const session = await customer('500', { ref: upline?.user.refCode });
  await buyQmgt(session.token, '400');
  return session;
}

describe('staking rules', () => {
  it('pays simple interest pro rata, never more than the term', () => {
    const p = toUnits('100', 'QMGT');
    expect(interestFor(p, 400, 90)).toBe((p * 400n * 90n) / 3_650_000n);
    expect(interestFor(p, 800, 365)).toBe(toUnits('8', 'QMGT'));
    const position = { amount: p, aprBps: 800, termDays: 365, startsAt: new Date('2026-01-01T00:00:00Z') };
    expect(accruedBy(position, new Date('2025-12-01T00:00:00Z'))).toBe(0n);
    expect(accruedBy(position, new Date('2027-06-01T00:00:00Z'))).toBe(toUnits('8', 'QMGT'));
    expect(accruedBy(position, new Date(Date.parse('2026-01-01T00:00:00Z') + 73 * 86_400_000))).toBe(
      toUnits('1.6', 'QMGT'),
    );
  });
});

describe('staking QMGT+', () => {
  it('stakes with the interest shown first, pays principal and interest at maturity exactly once', async () => {
    const { token, user } = await holder(true);
    const before = await qmgtOf(token);
    const preview = (
      await send('/staking/preview', { amount: '1.5', termDays: 90 }, token, null)
    ).json<StakingPreview>();
    expect(preview).toMatchObject({ amount: '1.5', termDays: 90, aprBps: 400 });
    const staked = await send('/staking', { amount: '1.5', termDays: 90 }, token);
    expect(staked.statusCode, staked.body).toBe(200);
    const position = staked.json<{ position: StakingPosition }>().position;
    expect(position).toMatchObject({ status: 'active', interest: preview.interest, amount: '1.5' });
    expect(await qmgtOf(token)).toBe(before - toUnits('1.5', 'QMGT'));

    const maturesAt = new Date(position.maturesAt);
    const passes = (at: Date) =>
      Promise.all([t.app.services.staking.runMaturities(at), (second ?? t).app.services.staking.runMaturities(at)]);
    await passes(new Date(maturesAt.getTime() - 1000));
    expect((await get(t.app, '/staking/positions', token)).json().positions[0].status).toBe('active');
    await passes(maturesAt);
    await passes(new Date(maturesAt.getTime() + 86_400_000));
    const after = (await get(t.app, '/staking/positions', token)).json<{ positions: StakingPosition[] }>()
      .positions[0]!;
    expect(after).toMatchObject({ status: 'matured', accrued: preview.interest });
    expect(await qmgtOf(token)).toBe(before + toUnits(preview.interest, 'QMGT'));
    const history = (await get(t.app, '/transactions?type=STAKING', token)).json<{
      data: Transaction[];
    }>();
    expect(history.data).toHaveLength(2);
    expect(user.id).toBeTruthy();
  });

  it('an early unstake returns the principal and forfeits the interest; twice is refused', async () => {
    const { token } = await holder(true);
    const before = await qmgtOf(token);
    const position = (await send('/staking', { amount: '2', termDays: 365 }, token)).json<{
      position: StakingPosition;
    }>().position;
    const key = randomUUID();
    const out = await send(`/staking/${position.id}/unstake`, {}, token, key);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().transaction).toMatchObject({ type: 'STAKING', amountOut: '2' });
    expect(await qmgtOf(token)).toBe(before);
    // The same key answers the first unstake again; another is refused.
    expect((await send(`/staking/${position.id}/unstake`, {}, token, key)).statusCode).toBe(200);
    expect((await send(`/staking/${position.id}/unstake`, {}, token)).statusCode).toBe(409);
    expect(await qmgtOf(token)).toBe(before);
  });

  it("refuses without an upline, over the balance, a wrong term and another user's position", async () => {
    const loner = await holder(false);
    const noUpline = await send('/staking', { amount: '1', termDays: 90 }, loner.token);
    expect(noUpline.statusCode).toBe(403);
    expect((await send('/staking/preview', { amount: '1', termDays: 90 }, loner.token, null)).statusCode).toBe(403);
    const { token } = await holder(true);
    const before = await qmgtOf(token);
    expect((await send('/staking', { amount: '100000', termDays: 90 }, token)).statusCode).toBe(422);
    expect((await send('/staking', { amount: '1', termDays: 30 }, token)).statusCode).toBe(400);
    expect((await send('/staking', { amount: '0.001', termDays: 90 }, token)).statusCode).toBe(422);
    expect((await send('/staking', { amount: '-1', termDays: 90 }, token)).statusCode).toBe(400);
    const mine = (await send('/staking', { amount: '1', termDays: 180 }, token)).json<{ position: StakingPosition }>()
      .position;
    expect((await send(`/staking/${mine.id}/unstake`, {}, loner.token)).statusCode).toBe(404);
    expect(await qmgtOf(token)).toBe(before - toUnits('1', 'QMGT'));
  });
});

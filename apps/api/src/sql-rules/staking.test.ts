import { describe, expect, it } from 'vitest';
import { STAKING_TERMS, toUnits } from '@qmgt/contracts';
import { accruedBy, interestFor, maturityOf } from '../modules/staking/staking.rules.js';
import { usersService } from '../modules/users/users.service.js';
import { transactionId } from '../test/sql-kit.js';
import { sqlRulesDatabase } from '../test/sql-rules-database.js';

/*
 * Staking interest: interestFor() in staking.rules.ts (principal x APR x days / 365, rounded
 * DOWN by bigint division) is computed once, at the stake, and stored; money_op_staking_close
 * pays it at maturity (matures_at <= now, the same test as the maturity job's
 * lte(maturesAt, at)) and forfeits it before. Both checks of "has an upline" (the service's
 * hasUpline and money_op_staking_stake) are compared too.
 */

const { k, database } = sqlRulesDatabase();

const USDT = (v: string) => toUnits(v, 'USDT');
const SPOT = USDT('97.123456789');
const START = new Date('2027-04-03T12:34:56.789Z');

/** A customer under an upline holding the QMGT of a buy of `usdt` (an odd number of units). */
async function staker(usdt = USDT('1234.5678')) {
  const userId = await k.customer(await k.customer());
  await k.deposit(userId, usdt);
  const { quote } = await k.buyQmgt(userId, usdt, SPOT, new Date());
  return { userId, qmgt: quote.amountOut };
}

async function stake(userId: string, amount: bigint, termDays: number, aprBps: number, at = START) {
  const interest = interestFor(amount, aprBps, termDays);
  const answer = await k.execute({
    kind: 'staking_stake',
    userId,
    code: k.code('STAKING'),
    now: at.toISOString(),
    amount: amount.toString(),
    termDays,
    aprBps,
    interest: interest.toString(),
    maturesAt: maturityOf(at, termDays).toISOString(),
  });
  return { answer, interest, maturesAt: maturityOf(at, termDays) };
}

const close = (userId: string, positionId: unknown, reason: 'maturity' | 'unstake', at: Date) =>
  k.execute({ kind: 'staking_close', userId, positionId, reason, code: k.code('STAKING'), now: at.toISOString() });

describe('staking interest: money_op_staking_close against interestFor()', () => {
  for (const term of STAKING_TERMS) {
    it(`${term.termDays} days at ${term.aprBps} bps: at maturity exactly the principal and interestFor() (rounded down), minted`, async () => {
      const { userId, qmgt } = await staker();
      const exact = qmgt * BigInt(term.aprBps) * BigInt(term.termDays);
      expect(exact % (10_000n * 365n)).not.toBe(0n);
      const { answer, interest, maturesAt } = await stake(userId, qmgt, term.termDays, term.aprBps);
      expect(answer.status).toBe(200);
      expect(interest).toBe(exact / (10_000n * 365n));
      expect(await k.balance(userId, 'QMGT', 'locked')).toBe(qmgt);
      const [stored] = await k.rows(`SELECT interest::text, matures_at FROM staking_positions WHERE id = $1`, [
        answer.positionId,
      ]);
      expect(BigInt(String(stored!.interest))).toBe(interest);
      // The accrued figure the positions screen shows reaches the interest exactly at maturity.
      const position = { amount: qmgt, aprBps: term.aprBps, termDays: term.termDays, startsAt: START };
      expect(accruedBy(position, maturesAt)).toBe(interest);
      const treasury = await k.balance(null, 'QMGT', 'treasury');
      const closed = await close(userId, answer.positionId, 'maturity', maturesAt);
      expect(closed).toMatchObject({ status: 200, outcome: 'matured' });
      expect(await k.balance(userId, 'QMGT', 'available')).toBe(qmgt + interest);
      expect(await k.balance(userId, 'QMGT', 'locked')).toBe(0n);
      expect(treasury - (await k.balance(null, 'QMGT', 'treasury'))).toBe(interest);
      const tx = await k.transaction(transactionId(closed));
      expect(tx).toMatchObject({ type: 'STAKING', assetOut: 'QMGT', amountOut: qmgt + interest });
      const movements = await k.rows(`SELECT kind::text, amount::text FROM chain_movements WHERE transaction_id = $1`, [
        transactionId(closed),
      ]);
      expect(movements).toEqual([{ kind: 'mint', amount: interest.toString() }]);
    });
  }

  it('one millisecond before maturity: the maturity pass finds it not due; an unstake returns the principal alone', async () => {
    const { userId, qmgt } = await staker();
    const { answer, interest, maturesAt } = await stake(userId, qmgt, 90, 400);
    const before = new Date(maturesAt.getTime() - 1);
    const position = { amount: qmgt, aprBps: 400, termDays: 90, startsAt: START };
    expect(accruedBy(position, before)).toBeLessThan(interest);
    expect(await close(userId, answer.positionId, 'maturity', before)).toMatchObject({
      status: 200,
      outcome: 'not_due',
    });
    expect(await close(userId, answer.positionId, 'unstake', before)).toMatchObject({
      status: 200,
      outcome: 'unstaked',
    });
    expect(await k.balance(userId, 'QMGT', 'available')).toBe(qmgt);
    expect(await k.balance(userId, 'QMGT', 'locked')).toBe(0n);
    expect(await close(userId, answer.positionId, 'maturity', maturesAt)).toMatchObject({ status: 409 });
  });

  it('an unstake at the maturity instant is the maturity payment (interest paid), as the job would pay it', async () => {
    const { userId, qmgt } = await staker();
    const { answer, interest, maturesAt } = await stake(userId, qmgt, 180, 600);
    expect(await close(userId, answer.positionId, 'unstake', maturesAt)).toMatchObject({ outcome: 'matured' });
    expect(await k.balance(userId, 'QMGT', 'available')).toBe(qmgt + interest);
  });

  it('a tiny stake whose interest rounds down to zero pays the principal only, with no treasury line', async () => {
    const { userId } = await staker();
    const amount = (10_000n * 365n) / (400n * 90n); // 101 units: 101 x 400 x 90 < 10,000 x 365
    const { answer, interest, maturesAt } = await stake(userId, amount, 90, 400);
    expect(interest).toBe(0n);
    expect(await close(userId, answer.positionId, 'maturity', maturesAt)).toMatchObject({ outcome: 'matured' });
    const movements = await k.rows(
      `SELECT count(*)::int AS n FROM chain_movements WHERE transaction_id = (
         SELECT closing_transaction_id FROM staking_positions WHERE id = $1)`,
      [answer.positionId],
    );
    expect(movements).toEqual([{ n: 0 }]);
  });

  it('the upline rule: SQL refuses (403) exactly whom the service refuses', async () => {
    const top = await k.customer();
    const below = await k.customer(top);
    for (const userId of [top, below]) {
      const hasUpline = await usersService.hasUpline(database().db, userId);
      const { answer } = await stake(userId, 1_000n, 90, 400);
      expect(answer.status, userId === top ? 'no upline' : 'upline').toBe(hasUpline ? 422 : 403);
    }
  });
});

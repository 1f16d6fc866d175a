import { describe, expect, it } from 'vitest';
import { GES_BONUS_INSTALMENTS, toUnits } from '@qmgt/contracts';
import { dueOn } from '../modules/ges/ges.rules.js';
import { sqlRulesDatabase } from '../test/sql-rules-database.js';

/*
 * The GES maturity bonus has one home, ges_bonus_grams.sql: bonus instalments x the member's
 * average grams per paid instalment, rounded DOWN to the microgram (div() truncates; every
 * operand is >= 0). ges_close pays it at maturity; the passbook's projection asks the same
 * function (ges.repository.ts). Here it is called directly, then paid through whole terms.
 */

const { k, ges } = sqlRulesDatabase();

const USDT = (v: string) => toUnits(v, 'USDT');
/** The rule as these tests state it: floor(held x bonus instalments / paid), 0 without a paid instalment. */
const expectedBonus = (held: bigint, paidCount: number, bonusInstalments: number) =>
  paidCount > 0 ? (held * BigInt(bonusInstalments)) / BigInt(paidCount) : 0n;

/** Spots (USDT per gram x 1e18) chosen so that the grams bought are not multiples of anything handy. */
const SPOTS = [USDT('97.123456789'), USDT('101.9'), USDT('88.1'), USDT('93.5'), USDT('110.01')];
const START = '2027-03-10';
const at = (day: string) => new Date(`${day}T09:00:00.000Z`);

/**
 * One member through a whole term: `plan[i]` says whether instalment i + 1 is paid (the member
 * holds the instalment's USDT at that moment) or missed (holds nothing). Answers what the SQL
 * did and the bonus the rule gives for the same passbook.
 */
async function runTerm(bonusInstalments: number, plan: ('paid' | 'missed')[], instalment = USDT('100')) {
  const groupId = await ges.group({
    instalmentUsdt: instalment,
    termMonths: plan.length,
    bonusInstalments,
    startDate: START,
  });
  const userId = await k.customer();
  const poolBefore = await k.balance(null, 'GOLD', 'rewards_pool');
  await k.deposit(userId, instalment);
  const { membershipId, figures } = await ges.join(userId, groupId, SPOTS[0]!, at('2027-03-01'));
  let held = figures.grams;
  const outcomes: string[] = ['joined'];
  for (let seq = 2; seq <= plan.length; seq++) {
    if (plan[seq - 1] === 'paid') await k.deposit(userId, instalment);
    const { answer, figures: f } = await ges.instalment(
      userId,
      membershipId,
      seq,
      SPOTS[(seq - 1) % SPOTS.length]!,
      at(dueOn(START, seq)),
    );
    expect(answer.status).toBe(200);
    outcomes.push(String(answer.outcome));
    if (plan[seq - 1] === 'paid') held += f.grams;
  }
  const paidCount = plan.filter((p) => p === 'paid').length;
  return {
    userId,
    membershipId,
    held,
    paidCount,
    outcomes,
    ruleBonus: expectedBonus(held, paidCount, bonusInstalments),
    membership: await ges.membership(membershipId),
    gsa: await k.balance(userId, 'GOLD', 'available'),
    groupHolding: await k.balance(userId, 'GOLD', 'ges'),
    poolPaid: poolBefore - (await k.balance(null, 'GOLD', 'rewards_pool')),
  };
}

/** ges_bonus_grams() called directly, in micrograms. */
async function bonusOf(held: bigint, paidCount: number, bonusInstalments: number): Promise<bigint> {
  const [row] = await k.rows(`SELECT ges_bonus_grams($1::numeric, $2::int, $3::int)::text AS bonus`, [
    held.toString(),
    paidCount,
    bonusInstalments,
  ]);
  return BigInt(String(row!.bonus));
}

describe('ges_bonus_grams.sql: the rule, called directly (micrograms)', () => {
  it('1 bonus instalment over 3 paid of 2.000002 g in all: 0.666667 g (666,667.33 µg rounded down)', async () => {
    expect(await bonusOf(2_000_002n, 3, 1)).toBe(666_667n);
  });
  it('2 bonus instalments over 3 paid of 1.000001 g: 0.666667 g (666,667.33 µg), not 2 x 0.333333', async () => {
    expect(await bonusOf(1_000_001n, 3, 2)).toBe(666_667n);
  });
  it(`${GES_BONUS_INSTALMENTS.max} bonus instalments (the maximum) over 7 paid of 7.123456 g: 3.052909 g`, async () => {
    expect(await bonusOf(7_123_456n, 7, GES_BONUS_INSTALMENTS.max)).toBe(3_052_909n); // 3,052,909.71
  });
  it('an exact average: 10 g over 8 paid, 2 bonus instalments, is 2.5 g', async () => {
    expect(await bonusOf(10_000_000n, 8, 2)).toBe(2_500_000n);
  });
  it(`${GES_BONUS_INSTALMENTS.min} bonus instalments, or no instalment paid, or no grams: no bonus`, async () => {
    expect(await bonusOf(5_000_000n, 5, GES_BONUS_INSTALMENTS.min)).toBe(0n);
    expect(await bonusOf(0n, 0, 3)).toBe(0n);
    expect(await bonusOf(0n, 4, 3)).toBe(0n);
  });
  it('a single microgram over two instalments rounds to nothing, three over two to one', async () => {
    expect(await bonusOf(1n, 2, 1)).toBe(0n);
    expect(await bonusOf(3n, 2, 1)).toBe(1n);
  });
});

describe('GES maturity bonus paid by ges_close.sql', () => {
  it('bonus 1 after three paid instalments at three prices: the average rounded down', async () => {
    const r = await runTerm(1, ['paid', 'paid', 'paid']);
    expect(r.outcomes).toEqual(['joined', 'paid', 'paid_matured']);
    // The passbook's grams are what TypeScript bought: SQL books the figures it is given.
    expect(await ges.paidGrams(r.membershipId)).toBe(r.held);
    // Not a multiple of 3: the division really rounds here.
    expect(r.held % 3n).not.toBe(0n);
    expect(r.membership).toMatchObject({ status: 'matured', paidCount: 3, missedCount: 0, nextDueOn: null });
    expect(r.membership.bonusGrams).toBe(r.ruleBonus);
    expect(r.ruleBonus).toBe(r.held / 3n);
    // Rounded down: bonus x paid <= held x bonus instalments < (bonus + 1) x paid.
    expect(r.ruleBonus * 3n <= r.held && r.held < (r.ruleBonus + 1n) * 3n).toBe(true);
    expect(r.gsa).toBe(r.held + r.ruleBonus);
    expect(r.groupHolding).toBe(0n);
    expect(r.poolPaid).toBe(r.ruleBonus);
  });

  it(`bonus 0 (the minimum, ${GES_BONUS_INSTALMENTS.min}): no bonus, nothing taken from the rewards pool`, async () => {
    const r = await runTerm(GES_BONUS_INSTALMENTS.min, ['paid', 'paid', 'paid']);
    expect(r.ruleBonus).toBe(0n);
    expect(r.membership.bonusGrams).toBe(0n);
    expect(r.gsa).toBe(r.held);
    expect(r.poolPaid).toBe(0n);
  });

  it(`bonus ${GES_BONUS_INSTALMENTS.max} (the maximum): three average instalments, rounded down alike`, async () => {
    const r = await runTerm(GES_BONUS_INSTALMENTS.max, ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid']);
    expect(r.outcomes.at(-1)).toBe('paid_matured');
    expect((r.held * 3n) % 7n).not.toBe(0n);
    expect(r.membership.bonusGrams).toBe(r.ruleBonus);
    expect(r.ruleBonus).toBe((r.held * 3n) / 7n);
    expect(r.gsa).toBe(r.held + r.ruleBonus);
    expect(r.poolPaid).toBe(r.ruleBonus);
  });

  it('two non-consecutive misses keep the bonus, on the average of the instalments paid', async () => {
    const r = await runTerm(2, ['paid', 'missed', 'paid', 'missed', 'paid']);
    expect(r.outcomes).toEqual(['joined', 'missed', 'paid', 'missed', 'paid_matured']);
    expect(r.membership).toMatchObject({ status: 'matured', paidCount: 3, missedCount: 2 });
    expect((r.held * 2n) % 3n).not.toBe(0n);
    expect(r.membership.bonusGrams).toBe(r.ruleBonus);
    expect(r.ruleBonus).toBe((r.held * 2n) / 3n);
    expect(r.gsa).toBe(r.held + r.ruleBonus);
    expect(r.poolPaid).toBe(r.ruleBonus);
  });

  it('a missed last instalment still matures the membership (missed_matured), with the bonus on what was paid', async () => {
    const r = await runTerm(1, ['paid', 'paid', 'missed']);
    expect(r.outcomes).toEqual(['joined', 'paid', 'missed_matured']);
    expect(r.membership).toMatchObject({ status: 'matured', paidCount: 2, missedCount: 1 });
    expect(r.held % 2n).not.toBe(0n);
    expect(r.membership.bonusGrams).toBe(r.ruleBonus);
    expect(r.ruleBonus).toBe(r.held / 2n);
    expect(r.gsa).toBe(r.held + r.ruleBonus);
  });

  it('a lapse pays no bonus whatever the group offers', async () => {
    const r = await runTerm(3, ['paid', 'missed', 'missed', 'missed', 'paid']);
    expect(r.outcomes).toEqual(['joined', 'missed', 'missed', 'lapsed', 'not_due']);
    expect(r.membership).toMatchObject({ status: 'lapsed', paidCount: 1, missedCount: 3, bonusGrams: null });
    expect(r.gsa).toBe(await ges.paidGrams(r.membershipId));
    expect(r.poolPaid).toBe(0n);
  });

  it('ges_close called directly: the bonus it answers is the rule for 0 to 3 instalments, and 0 for a lapse', async () => {
    for (const bonus of [0, 1, 2, 3]) {
      const groupId = await ges.group({
        instalmentUsdt: USDT('123.456789'),
        termMonths: 12,
        bonusInstalments: bonus,
        startDate: START,
      });
      const userId = await k.customer();
      await k.deposit(userId, USDT('123.456789') * 2n);
      const { membershipId } = await ges.join(userId, groupId, SPOTS[1]!, at('2027-03-02'));
      await ges.instalment(userId, membershipId, 2, SPOTS[2]!, at(dueOn(START, 2)));
      const held = await ges.paidGrams(membershipId);
      const [row] = await k.rows(`SELECT ges_close($1::uuid, 'matured', $2, $3::timestamptz)::text AS bonus`, [
        membershipId,
        bonus,
        at(dueOn(START, 3)).toISOString(),
      ]);
      expect(BigInt(String(row!.bonus)), `bonus ${bonus}`).toBe(expectedBonus(held, 2, bonus));
    }
    // A lapse: ges_close answers 0 whatever it is told.
    const groupId = await ges.group({
      instalmentUsdt: USDT('50'),
      termMonths: 6,
      bonusInstalments: 3,
      startDate: START,
    });
    const userId = await k.customer();
    await k.deposit(userId, USDT('50'));
    const { membershipId } = await ges.join(userId, groupId, SPOTS[0]!, at('2027-03-02'));
    const [row] = await k.rows(`SELECT ges_close($1::uuid, 'lapsed', 3, $2::timestamptz)::text AS bonus`, [
      membershipId,
      at('2027-04-10').toISOString(),
    ]);
    expect(row!.bonus).toBe('0');
  });

  it('ges_close answers 0 for a membership with no paid instalment', async () => {
    const groupId = await ges.group({
      instalmentUsdt: USDT('50'),
      termMonths: 6,
      bonusInstalments: 3,
      startDate: START,
    });
    const userId = await k.customer();
    await k.deposit(userId, USDT('50'));
    const { membershipId } = await ges.join(userId, groupId, SPOTS[0]!, at('2027-03-02'));
    // A passbook whose only line was not paid (the state ges_close guards with paid_count > 0).
    await k.rows(`UPDATE ges_memberships SET paid_count = 0 WHERE id = $1`, [membershipId]);
    await k.rows(`UPDATE ges_instalments SET status = 'missed' WHERE membership_id = $1`, [membershipId]);
    const [row] = await k.rows(`SELECT ges_close($1::uuid, 'matured', 3, $2::timestamptz)::text AS bonus`, [
      membershipId,
      at('2027-04-10').toISOString(),
    ]);
    expect(row!.bonus).toBe('0');
  });
});

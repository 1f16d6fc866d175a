import { describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import {
  GesRuleError,
  bonusGrams,
  checkStartDate,
  dueOn,
  instalmentFigures,
  maturityDate,
  parseDay,
  projectedGrams,
  runningGrams,
} from './ges.rules.js';

const usdt = (v: string) => toUnits(v, 'USDT');
const g = (v: string) => toUnits(v, 'GOLD');

describe('due dates', () => {
  it('fall on the start day of each following month, across year ends', () => {
    expect(dueOn('2026-11-28', 1)).toBe('2026-11-28');
    expect(dueOn('2026-11-28', 2)).toBe('2026-12-28');
    expect(dueOn('2026-11-28', 3)).toBe('2027-01-28');
    expect(dueOn('2027-01-28', 2)).toBe('2027-02-28');
    expect(maturityDate('2026-12-01', 11)).toBe('2027-10-01');
  });
  it('take days 1-28 from today on only, and real days only', () => {
    expect(() => checkStartDate('2026-12-29', '2026-11-24')).toThrow(/from 1 to 28/);
    expect(() => checkStartDate('2026-11-23', '2026-11-24')).toThrow(/past/);
    expect(() => checkStartDate('2026-02-30', '2026-01-01')).toThrow(GesRuleError);
    expect(() => checkStartDate('2026-11-24', '2026-11-24')).not.toThrow();
    expect(parseDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDay('2027-02-29')).toBeNull();
  });
});

describe('instalments', () => {
  it('buy grams at spot x 1.03, rounded down; the fee is the rest', () => {
    const f = instalmentFigures(usdt('100'), usdt('100'));
    expect(f.price).toBe(usdt('103'));
    expect(f.grams).toBe(g('0.970873'));
    expect(f.fee).toBe(usdt('100') - (g('0.970873') * usdt('100')) / 1_000_000n);
  });
  it('refuse an instalment that buys nothing', () => {
    expect(() => instalmentFigures(1n, usdt('100'))).toThrow(/buys no gold/);
  });
});

describe('bonus, projection and passbook', () => {
  it('pays bonus instalments of the average grams per paid instalment', () => {
    expect(bonusGrams(g('10'), 10, 1)).toBe(g('1'));
    expect(bonusGrams(g('10'), 8, 2)).toBe(g('2.5'));
    expect(bonusGrams(g('10'), 0, 1)).toBe(0n);
  });
  it("projects the remaining instalments at today's grams, with the bonus", () => {
    expect(
      projectedGrams({
        heldGrams: g('3'),
        paidCount: 3,
        remaining: 7,
        gramsPerInstalmentToday: g('1'),
        bonusInstalments: 1,
      }),
    ).toBe(g('11'));
  });
  it('runs the grams through paid lines only', () => {
    expect(
      runningGrams([
        { seq: 1, status: 'paid', grams: g('1') },
        { seq: 2, status: 'missed', grams: null },
        { seq: 3, status: 'paid', grams: g('0.5') },
      ]),
    ).toEqual([g('1'), g('1'), g('1.5')]);
  });
});

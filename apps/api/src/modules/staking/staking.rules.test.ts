import { describe, expect, it } from 'vitest';
import { STAKING_TERMS, toUnits } from '@qmgt/contracts';
import { accruedBy, interestFor, maturityOf, termOf } from './staking.rules.js';

/*
 * Staking interest's one home (the SQL books the interest the stake was given, and pays it at
 * maturity: sql-rules/staking.test.ts). QMGT in 1e-18 units; simple interest, rounded down.
 */

const qmgt = (v: string) => toUnits(v, 'QMGT');
const DAY = 86_400_000;

describe('staking interest', () => {
  it('1,000 QMGT for 90 days at 4%: 9.863013698630136986 QMGT (...986.30 units rounded down)', () => {
    expect(interestFor(qmgt('1000'), 400, 90)).toBe(9_863_013_698_630_136_986n);
  });
  it('12.345678901234567891 QMGT for 180 days at 6%: 0.365296800365296803 QMGT', () => {
    expect(interestFor(12_345_678_901_234_567_891n, 600, 180)).toBe(365_296_800_365_296_803n);
  });
  it('1 QMGT for a whole year at 8% is 0.08 QMGT exactly; one unit earns nothing', () => {
    expect(interestFor(qmgt('1'), 800, 365)).toBe(qmgt('0.08'));
    expect(interestFor(1n, 800, 365)).toBe(0n);
  });
  it("takes the contracts' terms only", () => {
    expect(STAKING_TERMS.map((t) => termOf(t.termDays))).toEqual([...STAKING_TERMS]);
    expect(() => termOf(30)).toThrow(/no staking term of 30 days/);
  });
  it('accrues in proportion to the time elapsed, nothing before the start, never more than the term', () => {
    const startsAt = new Date('2027-01-01T00:00:00Z');
    const position = { amount: qmgt('1000'), aprBps: 400, termDays: 90, startsAt };
    expect(accruedBy(position, new Date(startsAt.getTime() - DAY))).toBe(0n);
    expect(accruedBy(position, new Date(startsAt.getTime() + 45 * DAY))).toBe(4_931_506_849_315_068_493n);
    expect(accruedBy(position, maturityOf(startsAt, 90))).toBe(9_863_013_698_630_136_986n);
    expect(accruedBy(position, new Date(startsAt.getTime() + 400 * DAY))).toBe(9_863_013_698_630_136_986n);
    expect(maturityOf(startsAt, 90).toISOString()).toBe('2027-04-01T00:00:00.000Z');
  });
});

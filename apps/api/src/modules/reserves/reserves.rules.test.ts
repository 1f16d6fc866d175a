import { describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import { ReserveRuleError, barGrams, coverageOf } from './reserves.rules.js';

const g = (v: string) => toUnits(v, 'GOLD');
const q = (v: string) => toUnits(v, 'QMGT');

describe('coverageOf', () => {
  it('counts QMGT as grams beside the grams owed', () => {
    const r = coverageOf({ ledgerQmgt: q('60'), ledgerGold: g('40'), rewardsQmgt: 0n, vaultGold: g('102.5') });
    expect(r).toEqual({ liabilities: g('100'), surplus: g('2.5'), coverage: '1.0250' });
  });
  it('rounds a fraction of a microgram owed up and the ratio down', () => {
    const r = coverageOf({ ledgerQmgt: 1n, ledgerGold: 0n, rewardsQmgt: 0n, vaultGold: 0n });
    expect(r.liabilities).toBe(1n);
    expect(r.coverage).toBe('0.0000');
    expect(coverageOf({ ledgerQmgt: 0n, ledgerGold: g('3'), rewardsQmgt: 0n, vaultGold: g('2') }).coverage).toBe(
      '0.6666',
    );
  });
  it('shows a shortfall as a negative surplus', () => {
    expect(coverageOf({ ledgerQmgt: 0n, ledgerGold: g('10'), rewardsQmgt: 0n, vaultGold: g('9') }).surplus).toBe(
      -g('1'),
    );
  });
  it('counts unclaimed referral rewards as QMGT owed: they are minted when claimed', () => {
    const r = coverageOf({ ledgerQmgt: q('60'), ledgerGold: g('40'), rewardsQmgt: q('2.5'), vaultGold: g('102.5') });
    expect(r).toEqual({ liabilities: g('102.5'), surplus: 0n, coverage: '1.0000' });
  });
  it('has no ratio when nothing is owed', () => {
    expect(coverageOf({ ledgerQmgt: 0n, ledgerGold: 0n, rewardsQmgt: 0n, vaultGold: g('5') }).coverage).toBeNull();
  });
});

describe('barGrams', () => {
  it('takes a bar of up to 20 kg', () => {
    expect(barGrams('12441.5')).toBe(g('12441.5'));
    expect(() => barGrams('0')).toThrow(ReserveRuleError);
    expect(() => barGrams('20000.000001')).toThrow(/at most/);
  });
});

import { describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import { UsdauRuleError, payableAddress, usdauPayout } from './usdau.rules.js';

const usdt = (v: string) => toUnits(v, 'USDT');
const grams = (v: string) => toUnits(v, 'GOLD');

describe('usdauPayout', () => {
  it('pays grams at spot x 0.98', () => {
    expect(usdauPayout(grams('2'), usdt('100'))).toEqual({ price: usdt('98'), usdauAmount: usdt('196') });
  });
  it('rounds down to the smallest USDAU unit', () => {
    // 0.123457 g x 98.000000000000000001 = 12.098786000000000000123457 -> cut at 18 decimals
    const payout = usdauPayout(grams('0.123457'), (usdt('98.000000000000000001') * 100n) / 98n);
    expect(payout.usdauAmount).toBe((grams('0.123457') * payout.price) / 1_000_000n);
  });
  it('refuses less than 0.1 g', () => {
    expect(() => usdauPayout(grams('0.099999'), usdt('100'))).toThrow(UsdauRuleError);
    expect(usdauPayout(grams('0.1'), usdt('100')).usdauAmount).toBe(usdt('9.8'));
  });
});

describe('payableAddress', () => {
  const valid = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  it('takes a checksummed, a lower-case and an upper-case address', () => {
    expect(payableAddress(valid)).toBe(valid);
    expect(payableAddress(valid.toLowerCase())).toBe(valid);
    expect(payableAddress(`0x${valid.slice(2).toUpperCase()}`)).toBe(valid);
  });
  it('refuses a mixed-case address with a bad checksum', () => {
    expect(() => payableAddress('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toThrow(/checksum/);
  });
  it('refuses junk and the zero address', () => {
    expect(() => payableAddress('0x123')).toThrow(/40 hexadecimal/);
    expect(() => payableAddress(`0x${'0'.repeat(40)}`)).toThrow(/zero address/);
  });
});

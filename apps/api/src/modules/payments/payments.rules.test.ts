import { describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import {
  SaveRuleError,
  maskedName,
  remitAmount,
  roundUpGold,
  roundUpOf,
  spendToSave,
  usdCents,
} from './payments.rules.js';

const spot = toUnits('130', 'USDT');

describe('Spend To Save rules', () => {
  it('takes 1.5% (rounded up to the cent) and buys grams at spot with the rest', () => {
    const { fee, grams, price } = spendToSave(5000n, spot);
    expect(fee).toBe(75n); // 1.5% of 50.00 USD
    // 49.25 USD / 130 per gram = 0.378846 g (rounded down)
    expect(grams).toBe(378_846n);
    expect(price).toBe(spot);
    // 10.01 USD: 15.015 cents of fee, charged as 16.
    expect(spendToSave(1001n, spot).fee).toBe(16n);
  });

  it('holds payments to 10-10,000 USD', () => {
    expect(usdCents('10')).toBe(1000n);
    expect(usdCents('49.99')).toBe(4999n);
    expect(() => usdCents('9.99')).toThrow(SaveRuleError);
    expect(() => usdCents('10000.01')).toThrow('The largest payment is 10000 USD.');
  });
});

describe('Remit to save rules', () => {
  it('rounds up to the next 1, 5 or 10 USDT, and not at all on a multiple', () => {
    const u = (v: string) => toUnits(v, 'USDT');
    expect(roundUpOf(u('23'), 5)).toBe(u('2'));
    expect(roundUpOf(u('23'), 10)).toBe(u('7'));
    expect(roundUpOf(u('23.40'), 1)).toBe(u('0.6'));
    expect(roundUpOf(u('25'), 5)).toBe(0n);
  });

  it('saves the round-up as gold at the Spend To Save terms', () => {
    const { fee, grams } = roundUpGold(toUnits('2', 'USDT'), spot);
    expect(fee).toBe(toUnits('0.03', 'USDT'));
    // 1.97 / 130 = 0.015153 g
    expect(grams).toBe(15_153n);
  });

  it('sends whole cents from 1 USDT', () => {
    expect(remitAmount('23.5')).toBe(toUnits('23.5', 'USDT'));
    expect(() => remitAmount('0.99')).toThrow('The smallest remittance is 1 USDT.');
    expect(() => remitAmount('1.001')).toThrow('whole cents');
  });

  it('masks the recipient: initials only', () => {
    expect(maskedName(['Jane', '', 'Doe'], 'jdoe')).toBe('Jane D.');
    expect(maskedName(['  mary ann ', null], 'x')).toBe('Mary A.');
    expect(maskedName(['Ben'], 'x')).toBe('Ben');
    expect(maskedName(['Ben', 'Bartholomew', 'Okafor'], 'x')).toBe('Ben O.');
    expect(maskedName([], 'zoe')).toBe('Z***');
    expect(maskedName(['', null], '')).toBe('?***');
  });
});

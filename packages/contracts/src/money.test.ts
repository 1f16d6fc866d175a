import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AmountError, formatGrams, formatUnits, fromUnits, toUnits } from './money.js';

describe('money conversions', () => {
  it('parses decimal strings exactly', () => {
    expect(toUnits('12.5', 'USDT')).toBe(12_500_000_000_000_000_000n);
    expect(toUnits('0.000001', 'GOLD')).toBe(1n);
    expect(toUnits('0.1', 'QMGT') + toUnits('0.2', 'QMGT')).toBe(toUnits('0.3', 'QMGT'));
  });
  it('refuses more decimals than the asset has, signs, exponents and junk', () => {
    expect(() => toUnits('0.0000001', 'GOLD')).toThrow(AmountError);
    for (const junk of ['-1', '1e5', '1.', '.5', ' ', 'abc', '01', '1,000'])
      expect(() => toUnits(junk, 'USDT')).toThrow(AmountError);
  });
  it('round-trips any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), (units) => {
        expect(toUnits(fromUnits(units, 'USDT'), 'USDT')).toBe(units);
      }),
    );
  });
  it('displays rounded down with grouping', () => {
    expect(formatUnits(toUnits('1234567.899', 'USDT'), 'USDT')).toBe('1,234,567.89');
    expect(formatUnits(toUnits('0.00009', 'QMGT'), 'QMGT')).toBe('0.0000');
  });
  it('shows grams as g, to 4 decimals rounded down, whatever the quote or checkout holds', () => {
    expect(formatGrams(toUnits('0.380073', 'GOLD'))).toBe('0.3800 g');
    expect(formatGrams(toUnits('1234.5', 'GOLD'))).toBe('1,234.5000 g');
  });
});

import { describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import { GiftRuleError, escrowUntil, giftGrams, giftValue, maskedEmail } from './gifts.rules.js';

/* Gift gold's figures, in exact units (decision 021). */

const g = (grams: string) => toUnits(grams, 'GOLD');
const usdt = (amount: string) => toUnits(amount, 'USDT');

describe('the grams of a gift', () => {
  it('are more than zero, in at most 6 decimals, and no more than the GSA holds', () => {
    expect(giftGrams('0.5', g('1'))).toBe(g('0.5'));
    expect(giftGrams('1', g('1'))).toBe(g('1'));
    expect(giftGrams('0.000001', g('1'))).toBe(1n);
    expect(() => giftGrams('0', g('1'))).toThrow(new GiftRuleError('The grams must be more than zero.', 'grams'));
    expect(() => giftGrams('0.0000001', g('1'))).toThrow('Grams have at most 6 decimals.');
    expect(() => giftGrams('1.000001', g('1'))).toThrow(
      'You hold fewer grams in your gold savings account than this gift.',
    );
    expect(() => giftGrams('0.1', 0n)).toThrow(GiftRuleError);
  });

  it('are worth the grams at the spot, rounded down to the USDT unit', () => {
    expect(giftValue(g('0.5'), usdt('120'))).toBe(usdt('60'));
    expect(giftValue(1n, usdt('97.123456789'))).toBe(usdt('0.000097123456789'));
    expect(giftValue(3n, 1_000_001n)).toBe(3n);
  });
});

describe('the escrow of a gift to an address', () => {
  it('returns 30 days after it was sent, to the millisecond', () => {
    expect(escrowUntil(new Date('2027-01-31T23:59:59.999Z')).toISOString()).toBe('2027-03-02T23:59:59.999Z');
    // Across a change of daylight saving time elsewhere: UTC days, not calendar days of a zone.
    expect(escrowUntil(new Date('2027-03-20T12:00:00Z')).toISOString()).toBe('2027-04-19T12:00:00.000Z');
  });

  it('shows its sender the address masked, enough to recognise it', () => {
    expect(maskedEmail('jane.doe@example.com')).toBe('ja***@example.com');
    expect(maskedEmail('jo@example.com')).toBe('j***@example.com');
    expect(maskedEmail('a@example.com')).toBe('a***@example.com');
  });
});

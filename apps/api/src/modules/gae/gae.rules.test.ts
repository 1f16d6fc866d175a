import { describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import {
  GoldRuleError,
  buildStatement,
  defaultStatementFrom,
  earlyExitUntil,
  gaePrice,
  quoteConvert,
  quoteGae,
  terminationSummary,
} from './gae.rules.js';

const usdt = (v: string) => toUnits(v, 'USDT');
const g = (v: string) => toUnits(v, 'GOLD');
const qmgt = (v: string) => toUnits(v, 'QMGT');
const SPOT = usdt('100');

describe('GAE purchase: grams = USDT / (spot x 1.03)', () => {
  it('prices a gram at spot x 1.03 and keeps the markup as the fee', () => {
    expect(gaePrice(SPOT)).toBe(usdt('103'));
    const q = quoteGae(usdt('206'), SPOT);
    expect(q.grams).toBe(g('2'));
    expect(q.price).toBe(usdt('103'));
    // 206 paid for 2 g worth 200 at spot.
    expect(q.fee).toBe(usdt('6'));
  });

  it('rounds grams down to the microgram, never giving more than was paid for', () => {
    const q = quoteGae(usdt('150'), SPOT);
    // 150 / 103 = 1.456310679...
    expect(q.grams).toBe(g('1.45631'));
    expect(q.grams * q.price).toBeLessThanOrEqual(usdt('150') * 1_000_000n);
    expect(q.fee + (q.grams * SPOT) / 1_000_000n).toBe(usdt('150'));
  });

  it('refuses less than one gram, saying what a gram costs today', () => {
    expect(() => quoteGae(usdt('102.99'), SPOT)).toThrow(GoldRuleError);
    expect(() => quoteGae(usdt('102.99'), SPOT)).toThrow('that is 103.00 USDT');
    expect(quoteGae(usdt('103'), SPOT).grams).toBe(g('1'));
    expect(() => quoteGae(0n, SPOT)).toThrow('more than zero');
    expect(() => quoteGae(usdt('500'), 0n)).toThrow('No gold price');
  });
});

describe('GAE termination: grams x spot x 0.98, minus 5% in the first 12 months', () => {
  const openedAt = new Date('2026-01-15T10:00:00Z');

  it('charges the early-exit fee before 12 months and not after', () => {
    const young = terminationSummary({
      grams: g('2'),
      spot: SPOT,
      openedAt,
      now: new Date('2026-12-01T00:00:00Z'),
      currency: 'USDT',
    });
    expect(young).toMatchObject({
      gross: usdt('196'),
      earlyExit: true,
      earlyExitFee: usdt('9.8'),
      refund: usdt('186.2'),
    });
    const exactly = terminationSummary({
      grams: g('2'),
      spot: SPOT,
      openedAt,
      now: new Date('2027-01-15T10:00:00Z'),
      currency: 'USDT',
    });
    expect(exactly).toMatchObject({ earlyExit: false, earlyExitFee: 0n, refund: usdt('196') });
    expect(earlyExitUntil(openedAt).toISOString()).toBe('2027-01-15T10:00:00.000Z');
  });

  it('refunds in QMGT by grams (1 QMGT = 1 gram), without a price', () => {
    const s = terminationSummary({
      grams: g('2'),
      spot: SPOT,
      openedAt,
      now: new Date('2026-02-01T00:00:00Z'),
      currency: 'QMGT',
    });
    expect(s.gross).toBe(usdt('196'));
    expect(s.earlyExitFee).toBe(qmgt('0.098'));
    expect(s.refund).toBe(qmgt('1.862'));
  });

  it('rounds the price down (never pays out more than the rule) and refuses an empty plan', () => {
    const s = terminationSummary({
      grams: 1n,
      spot: usdt('100.000000000000000001'),
      openedAt,
      now: openedAt,
      currency: 'USDT',
    });
    // (100e18 + 1) x 0.98 rounds down to 98e18 per gram; one microgram of it.
    expect(s.gross).toBe(98_000_000_000_000n);
    expect(s.earlyExitFee).toBe(4_900_000_000_000n);
    expect(() => terminationSummary({ grams: 0n, spot: SPOT, openedAt, now: openedAt, currency: 'USDT' })).toThrow(
      'no grams',
    );
  });
});

describe('Convert: QMGT <-> grams 1:1, fee 0.5%', () => {
  it('converts QMGT to grams with the fee in grams', () => {
    expect(quoteConvert('QMGT', qmgt('10'))).toEqual({
      from: 'QMGT',
      to: 'GOLD',
      amountIn: qmgt('10'),
      amountOut: g('9.95'),
      fee: g('0.05'),
    });
  });

  it('converts grams to QMGT with the fee in QMGT', () => {
    expect(quoteConvert('GOLD', g('1'))).toMatchObject({ amountOut: qmgt('0.995'), fee: qmgt('0.005') });
  });

  it('refuses QMGT finer than a microgram and amounts too small to convert', () => {
    expect(() => quoteConvert('QMGT', qmgt('1.0000001'))).toThrow('at most 6 decimals');
    expect(() => quoteConvert('GOLD', 0n)).toThrow('more than zero');
    expect(() => quoteConvert('QMGT', qmgt('0.000001'))).toThrow('too small');
  });
});

describe('statement', () => {
  it('runs the balance from the opening grams and keeps each day end for the chart', () => {
    const at = (d: string) => new Date(d);
    const built = buildStatement(g('1'), [
      { at: at('2026-01-02T10:00:00Z'), type: 'GAE', code: 'A', grams: g('2'), price: null, amountUsdt: null },
      { at: at('2026-01-02T11:00:00Z'), type: 'GAEX', code: 'B', grams: g('0.5'), price: null, amountUsdt: null },
      {
        at: at('2026-01-05T09:00:00Z'),
        type: 'TERMINATION REQUESTED',
        code: 'C',
        grams: -g('3.5'),
        price: null,
        amountUsdt: null,
      },
    ]);
    expect(built.rows.map((r) => r.balanceGrams)).toEqual([g('3'), g('3.5'), 0n]);
    expect(built.closingGrams).toBe(0n);
    expect([...built.endOfDay]).toEqual([
      ['2026-01-02', g('3.5')],
      ['2026-01-05', 0n],
    ]);
  });
});

describe('defaultStatementFrom', () => {
  it('is 12 months back from the end day, or the plan opening when younger', () => {
    expect(defaultStatementFrom(new Date('2026-11-27T00:00:00Z'), '2020-01-01')).toBe('2025-11-28');
    expect(defaultStatementFrom(new Date('2026-11-27T00:00:00Z'), '2026-03-05')).toBe('2026-03-05');
    expect(defaultStatementFrom(new Date('2028-02-29T00:00:00Z'), '2020-01-01')).toBe('2027-03-01');
  });
});

import { describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import { RedemptionRuleError, productFigures, quoteRedemption } from './redemptions.rules.js';

const g = (v: string) => toUnits(v, 'GOLD');
const usdt = (v: string) => toUnits(v, 'USDT');

describe('redemption rules', () => {
  const coin = { fineGrams: g('1'), makingFee: usdt('5'), deliveryFee: usdt('10') };

  it('quotes the fine grams and turns both fees into grams at spot, rounded up', () => {
    const q = quoteRedemption(coin, 2, usdt('100'));
    expect(q.fineGrams).toBe(g('2'));
    expect(q.makingFee).toBe(usdt('10'));
    expect(q.deliveryFee).toBe(usdt('20'));
    // 30 USDT at 100 USDT a gram: 0.3 g.
    expect(q.feeGrams).toBe(g('0.3'));
    expect(q.grams).toBe(g('2.3'));
    expect(q.price).toBe(usdt('100'));
  });

  it('rounds a fee that is not a whole microgram up', () => {
    // 15 USDT at 70 USDT a gram: 0.214285714... g -> 0.214286 g.
    expect(quoteRedemption(coin, 1, usdt('70')).feeGrams).toBe(g('0.214286'));
  });

  it('charges no fee grams for a free product', () => {
    const q = quoteRedemption({ fineGrams: g('5'), makingFee: 0n, deliveryFee: 0n }, 1, usdt('80'));
    expect(q.feeGrams).toBe(0n);
    expect(q.grams).toBe(g('5'));
  });

  it('refuses zero, negative, fractional and too many pieces, and no price', () => {
    for (const quantity of [0, -1, 1.5, 101])
      expect(() => quoteRedemption(coin, quantity, usdt('100'))).toThrow(RedemptionRuleError);
    expect(() => quoteRedemption(coin, 1, 0n)).toThrow('No gold price');
  });

  it('reads a product as the operator typed it', () => {
    expect(productFigures({ fineGrams: '1', makingFeeUsdt: '5', deliveryFeeUsdt: '0' })).toEqual({
      fineGrams: g('1'),
      makingFee: usdt('5'),
      deliveryFee: 0n,
    });
    expect(() => productFigures({ fineGrams: '0', makingFeeUsdt: '5', deliveryFeeUsdt: '0' })).toThrow(
      'more than zero',
    );
    expect(() => productFigures({ fineGrams: '1001', makingFeeUsdt: '5', deliveryFeeUsdt: '0' })).toThrow('1000 g');
    expect(() => productFigures({ fineGrams: '1.0000001', makingFeeUsdt: '5', deliveryFeeUsdt: '0' })).toThrow(
      RedemptionRuleError,
    );
    expect(() => productFigures({ fineGrams: '-1', makingFeeUsdt: '5', deliveryFeeUsdt: '0' })).toThrow(
      RedemptionRuleError,
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toUnits } from '@qmgt/contracts';
import {
  DEFAULT_POLICY,
  PRICE_SCALE,
  QuoteError,
  buyPrice,
  nextSandboxPrice,
  quoteSwap,
  sellPrice,
} from './market.rules.js';

const spot = 130n * PRICE_SCALE;

describe('QMGT prices', () => {
  it('buy is spot x 1.02 and sell spot x 0.98', () => {
    expect(buyPrice(spot, DEFAULT_POLICY)).toBe(toUnits('132.6', 'USDT'));
    expect(sellPrice(spot, DEFAULT_POLICY)).toBe(toUnits('127.4', 'USDT'));
  });
});

describe('swap quotes', () => {
  it('100 USDT buys 100/132.6 QMGT less the 0.5% fee taken from what is received', () => {
    const q = quoteSwap({ from: 'USDT', to: 'QMGT' }, toUnits('100', 'USDT'), spot);
    const gross = (toUnits('100', 'USDT') * PRICE_SCALE) / toUnits('132.6', 'USDT');
    expect(q.amountIn).toBe(toUnits('100', 'USDT'));
    expect(q.fee + q.amountOut).toBe(gross);
    expect(q.fee).toBe((gross * 50n + 9_999n) / 10_000n);
    expect(q.price).toBe(toUnits('132.6', 'USDT'));
  });

  it('selling 1 QMGT yields 127.4 USDT less the fee', () => {
    const q = quoteSwap({ from: 'QMGT', to: 'USDT' }, toUnits('1', 'QMGT'), spot);
    expect(q.fee + q.amountOut).toBe(toUnits('127.4', 'USDT'));
    expect(q.fee).toBe(toUnits('0.637', 'USDT'));
  });

  it('refuses amounts under the minimums', () => {
    expect(() => quoteSwap({ from: 'USDT', to: 'QMGT' }, toUnits('9.99', 'USDT'), spot)).toThrow(
      new QuoteError('The smallest purchase is 10 USDT.'),
    );
    expect(() => quoteSwap({ from: 'QMGT', to: 'USDT' }, toUnits('0.009', 'QMGT'), spot)).toThrow(
      'The smallest sale is 0.01 QMGT.',
    );
  });

  it('buying and selling back never returns more than was paid', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: toUnits('10', 'USDT'), max: 10n ** 30n }),
        fc.bigInt({ min: PRICE_SCALE, max: 10_000n * PRICE_SCALE }),
        (usdt, price) => {
          const bought = quoteSwap({ from: 'USDT', to: 'QMGT' }, usdt, price);
          if (bought.amountOut < DEFAULT_POLICY.minSellQmgt) return;
          const sold = quoteSwap({ from: 'QMGT', to: 'USDT' }, bought.amountOut, price);
          expect(sold.amountOut).toBeLessThan(usdt);
        },
      ),
    );
  });
});

describe('sandbox gold feed', () => {
  it('is deterministic and stays near its base', () => {
    let price = spot;
    const again: bigint[] = [];
    for (let i = 0; i < 2000; i++) {
      price = nextSandboxPrice(price, spot, i, 'seed');
      again.push(price);
    }
    let replay = spot;
    for (let i = 0; i < 2000; i++) replay = nextSandboxPrice(replay, spot, i, 'seed');
    expect(replay).toBe(price);
    expect(again.every((p) => p > (spot * 80n) / 100n && p < (spot * 120n) / 100n)).toBe(true);
  });
});

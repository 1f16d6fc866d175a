import { describe, expect, it } from 'vitest';
import { toUnits, type Asset } from '@qmgt/contracts';
import {
  addFee,
  addRealised,
  applyMovement,
  describeMovement,
  emptyGainTotals,
  emptyPools,
  usdtValue,
  yearProblem,
  yearWindow,
  type CostPools,
  type MovementFacts,
  type Realised,
} from './statements.rules.js';

/*
 * Average cost, scenario by scenario, in exact units. A movement is given as the ledger books
 * it: the customer's net change per asset, and the platform's money legs (treasury and fees
 * gaining what the customer paid, losing what they received).
 */

const g = (grams: string) => toUnits(grams, 'GOLD');
const q = (qmgt: string) => toUnits(qmgt, 'QMGT');
const usdt = (amount: string) => toUnits(amount, 'USDT');

const facts = (changes: [Asset, bigint][], platformMoney: [Asset, bigint][] = [], reversed = false): MovementFacts => ({
  changes: new Map(changes),
  platformMoney: new Map(platformMoney),
  reversed,
});

/** Buys: the customer's USDT goes to the platform (treasury and fees), the tracked asset comes in. */
const buyGold = (grams: string, paid: string) =>
  facts(
    [
      ['USDT', -usdt(paid)],
      ['GOLD', g(grams)],
    ],
    [['USDT', usdt(paid)]],
  );
const sellQmgt = (qmgt: string, received: string) =>
  facts(
    [
      ['QMGT', -q(qmgt)],
      ['USDT', usdt(received)],
    ],
    [['USDT', -usdt(received)]],
  );
const buyQmgt = (qmgt: string, paid: string) =>
  facts(
    [
      ['USDT', -usdt(paid)],
      ['QMGT', q(qmgt)],
    ],
    [['USDT', usdt(paid)]],
  );

function run(movements: MovementFacts[], start: CostPools = emptyPools()) {
  let pools = start;
  const realised: Realised[] = [];
  const effects: string[] = [];
  for (const movement of movements) {
    const applied = applyMovement(pools, movement);
    pools = applied.pools;
    realised.push(...applied.realised);
    effects.push(applied.effect);
  }
  return { pools, realised, effects };
}

describe('average cost across buys and sells', () => {
  it('two purchases at different prices average, and a sale realises proceeds less that average', () => {
    // 1 g for 100 USDT, 3 g for 340 USDT: 4 g cost 440, 110 a gram. Sell 2 g for 250 (a USDAU payout).
    const { pools, realised, effects } = run([
      buyGold('1', '100'),
      buyGold('3', '340'),
      facts([['GOLD', -g('2')]], [['USDAU', -usdt('250')]]),
    ]);
    expect(effects).toEqual(['acquisition', 'acquisition', 'disposal']);
    expect(realised).toEqual([
      { asset: 'GOLD', units: g('2'), proceeds: usdt('250'), cost: usdt('220'), gain: usdt('30') },
    ]);
    expect(pools.GOLD).toEqual({ units: g('2'), cost: usdt('220') });
  });

  it('a sale below the average cost is a loss (negative gain)', () => {
    const { realised } = run([buyQmgt('10', '1000'), sellQmgt('4', '360')]);
    expect(realised[0]).toMatchObject({ proceeds: usdt('360'), cost: usdt('400'), gain: -usdt('40') });
  });

  it('a cost that does not divide evenly rounds down per sale, and selling the rest takes all that is left', () => {
    // 3 units for 100 USDT: a third costs 33.333... each.
    const { realised, pools } = run([
      buyQmgt('3', '100'),
      sellQmgt('1', '40'),
      sellQmgt('1', '40'),
      sellQmgt('1', '40'),
    ]);
    const third = usdt('100') / 3n;
    expect(realised.map((r) => r.cost)).toEqual([third, third, usdt('100') - 2n * third]);
    // The costs add up to exactly what was paid: no dust is lost or invented.
    expect(realised.reduce((sum, r) => sum + r.cost, 0n)).toBe(usdt('100'));
    expect(pools.QMGT).toEqual({ units: 0n, cost: 0n });
  });

  it('a purchase after a sale averages with what is left, not with what was sold', () => {
    const { pools, realised } = run([
      buyGold('2', '200'),
      facts([['GOLD', -g('1')]], [['USDT', -usdt('150')]]),
      buyGold('1', '130'),
      facts([['GOLD', -g('2')]], [['USDT', -usdt('260')]]),
    ]);
    // Left 1 g at 100, bought 1 g at 130: 2 g at 230.
    expect(realised.map((r) => r.gain)).toEqual([usdt('50'), usdt('30')]);
    expect(pools.GOLD).toEqual({ units: 0n, cost: 0n });
  });

  it('fees are in the cost and the proceeds: paid 101 with a 1 fee costs 101; received 99 after a 1 fee realises 99', () => {
    const { realised } = run([buyQmgt('1', '101'), sellQmgt('1', '99')]);
    expect(realised[0]).toMatchObject({ cost: usdt('101'), proceeds: usdt('99'), gain: -usdt('2') });
  });
});

describe('gifts, rewards, conversions, redemptions', () => {
  it('a gift received comes in at zero cost: its whole value is gain when sold', () => {
    const { realised, effects } = run([
      facts([['GOLD', g('0.5')]]),
      facts([['GOLD', -g('0.5')]], [['USDT', -usdt('60')]]),
    ]);
    expect(effects).toEqual(['receipt', 'disposal']);
    expect(realised[0]).toMatchObject({ cost: 0n, gain: usdt('60') });
  });

  it('a zero-cost receipt lowers the average of what was bought', () => {
    // 1 g for 120, then 1 g as a gift: 2 g at 60 average.
    const { pools, realised } = run([
      buyGold('1', '120'),
      facts([['GOLD', g('1')]]),
      facts([['GOLD', -g('1')]], [['USDT', -usdt('100')]]),
    ]);
    expect(realised[0]).toMatchObject({ cost: usdt('60'), gain: usdt('40') });
    expect(pools.GOLD).toEqual({ units: g('1'), cost: usdt('60') });
  });

  it('a gift sent takes its average cost away and realises nothing', () => {
    const { pools, realised, effects } = run([buyGold('2', '200'), facts([['GOLD', -g('0.5')]])]);
    expect(effects[1]).toBe('removal');
    expect(realised).toEqual([]);
    expect(pools.GOLD).toEqual({ units: g('1.5'), cost: usdt('150') });
  });

  it('a physical redemption (decision 022): the lock changes no holding; the metal delivered, fee grams included, leaves at average cost and realises nothing', () => {
    // 2 g bought for 240 (120 a gram); a 1 g coin whose fees come to 0.1 g: 1.1 g locked, then delivered.
    const { pools, realised, effects } = run([
      buyGold('2', '240'),
      // The lock moves grams from available to locked: no net change for the customer.
      facts([]),
      // Delivered: the fine grams leave the liabilities, the fee grams go to the platform's fee
      // account (grams, not money), so nothing was received for them.
      facts([['GOLD', -g('1.1')]], [['GOLD', g('0.1')]]),
    ]);
    expect(effects).toEqual(['acquisition', 'none', 'removal']);
    expect(realised).toEqual([]);
    expect(pools.GOLD).toEqual({ units: g('0.9'), cost: usdt('108') });
    expect(describeMovement('REDEMPTION', new Map([['GOLD', -g('1.1')]]))).toBe('Physical redemption');
    // Rejected or cancelled: the grams come back unlocked, the cost as it was.
    const cancelled = run([buyGold('2', '240'), facts([]), facts([])]);
    expect(cancelled.pools.GOLD).toEqual({ units: g('2'), cost: usdt('240') });
  });

  it("Gift gold's entries (decision 021): sent, received, and a returned gift's send and its reversal", () => {
    // The kinds the statement reads: the GIFT transaction of each side, and the return's entry.
    expect(describeMovement('GIFT', new Map([['GOLD', g('0.5')]]))).toBe('Gold gift received');
    expect(describeMovement('GIFT', new Map([['GOLD', -g('0.5')]]))).toBe('Gold gift sent');
    expect(describeMovement('GIFT.compensation', new Map([['GOLD', g('0.5')]]))).toBe(
      'Gold gift returned (not claimed in 30 days)',
    );
    // Claimed from escrow: a receipt at cost zero, all gain when sold.
    const claimed = run([facts([['GOLD', g('0.5')]]), facts([['GOLD', -g('0.5')]], [['USDT', -usdt('60')]])]);
    expect(claimed.effects).toEqual(['receipt', 'disposal']);
    expect(claimed.realised[0]).toMatchObject({ cost: 0n, gain: usdt('60') });
    // Returned: the send (its transaction failed) and the return (GIFT.compensation) are a
    // reversal pair, so the grams keep the cost they had, as if never sent.
    const returned = run([
      buyGold('1', '100'),
      facts([['GOLD', -g('0.5')]], [], true),
      facts([['GOLD', g('0.5')]], [], true),
      facts([['GOLD', -g('1')]], [['USDT', -usdt('120')]]),
    ]);
    expect(returned.effects).toEqual(['acquisition', 'none', 'none', 'disposal']);
    expect(returned.realised[0]).toMatchObject({ cost: usdt('100'), gain: usdt('20') });
  });

  it('converting QMGT to grams carries the cost over, and the grams sold later realise against it', () => {
    const { pools, realised, effects } = run([
      buyQmgt('10', '1000'),
      // 4 QMGT become 3.9 g (the fee taken in grams): the 400 USDT of cost moves to the grams.
      facts([
        ['QMGT', -q('4')],
        ['GOLD', g('3.9')],
      ]),
      facts([['GOLD', -g('3.9')]], [['USDT', -usdt('450')]]),
    ]);
    expect(effects).toEqual(['acquisition', 'conversion', 'disposal']);
    expect(pools.QMGT).toEqual({ units: q('6'), cost: usdt('600') });
    expect(realised).toEqual([
      { asset: 'GOLD', units: g('3.9'), proceeds: usdt('450'), cost: usdt('400'), gain: usdt('50') },
    ]);
  });

  it('a GAE termination refunded in QMGT is a conversion; refunded in USDT, a sale', () => {
    const inQmgt = run([
      buyGold('1', '100'),
      facts([
        ['GOLD', -g('1')],
        ['QMGT', q('0.95')],
      ]),
    ]);
    expect(inQmgt.realised).toEqual([]);
    expect(inQmgt.pools.QMGT).toEqual({ units: q('0.95'), cost: usdt('100') });
    const inUsdt = run([buyGold('1', '100'), facts([['GOLD', -g('1')]], [['USDT', -usdt('95')]])]);
    expect(inUsdt.realised[0]).toMatchObject({ gain: -usdt('5') });
  });

  it('a card payment saved as gold costs what the card paid (USD cents at par), though no wallet of the customer shows it', () => {
    // The platform keeps 1,000 cents (treasury 990, fees 10): the customer paid 10 USD from outside.
    const { pools, effects } = run([facts([['GOLD', g('0.08')]], [['USD', 1000n]])]);
    expect(effects).toEqual(['acquisition']);
    expect(pools.GOLD).toEqual({ units: g('0.08'), cost: usdt('10') });
    expect(usdtValue('USD', 1n)).toBe(usdt('0.01'));
  });

  it('a remittance with a round-up: the money sent to the recipient is no cost of the grams bought', () => {
    // Sender pays 50 + 2 round-up; 50 goes to the recipient, 2 to the platform for 0.015 g.
    const sender = run([
      facts(
        [
          ['USDT', -usdt('52')],
          ['GOLD', g('0.015')],
        ],
        [['USDT', usdt('2')]],
      ),
    ]);
    expect(sender.pools.GOLD).toEqual({ units: g('0.015'), cost: usdt('2') });
    const recipient = run([facts([['USDT', usdt('50')]])]);
    expect(recipient.effects).toEqual(['money']);
  });

  it('staking: locking moves nothing, interest comes in at zero cost', () => {
    const { pools, effects } = run([
      buyQmgt('100', '100'),
      facts([['QMGT', 0n]]), // staked: available to locked, nets to zero
      facts([['QMGT', q('2')]]), // matured: 100 back and 2 of interest
    ]);
    expect(effects.slice(1)).toEqual(['none', 'receipt']);
    expect(pools.QMGT).toEqual({ units: q('102'), cost: usdt('100') });
  });

  it('a failed purchase and its reversal change no cost', () => {
    const { pools, effects } = run([
      buyQmgt('10', '100'),
      { ...buyQmgt('5', '80'), reversed: true },
      { ...sellQmgt('5', '80'), reversed: true },
    ]);
    expect(effects).toEqual(['acquisition', 'none', 'none']);
    expect(pools.QMGT).toEqual({ units: q('10'), cost: usdt('100') });
  });

  it('more out than pooled (around a reversal) empties the pool, never below zero', () => {
    const { pools, realised } = run([buyQmgt('1', '10'), sellQmgt('2', '30')]);
    expect(realised[0]).toMatchObject({ units: q('2'), cost: usdt('10'), gain: usdt('20') });
    expect(pools.QMGT).toEqual({ units: 0n, cost: 0n });
  });
});

describe('totals, fees, years, names', () => {
  it('adds realised gains per asset and fees per asset', () => {
    const totals = addRealised(emptyGainTotals(), [
      { asset: 'GOLD', units: g('1'), proceeds: usdt('110'), cost: usdt('100'), gain: usdt('10') },
      { asset: 'GOLD', units: g('1'), proceeds: usdt('90'), cost: usdt('100'), gain: -usdt('10') },
      { asset: 'QMGT', units: q('1'), proceeds: usdt('5'), cost: usdt('1'), gain: usdt('4') },
    ]);
    expect(totals.GOLD).toEqual({ disposed: g('2'), proceeds: usdt('200'), cost: usdt('200'), gain: 0n });
    expect(totals.QMGT.gain).toBe(usdt('4'));
    const fees = new Map<Asset, bigint>();
    addFee(fees, { asset: 'USDT', amount: usdt('1.5') });
    addFee(fees, { asset: 'USDT', amount: usdt('0.5') });
    addFee(fees, { asset: 'GOLD', amount: g('0.01') });
    addFee(fees, { asset: 'USD', amount: 0n });
    addFee(fees, null);
    expect([...fees]).toEqual([
      ['USDT', usdt('2')],
      ['GOLD', g('0.01')],
    ]);
  });

  it('a year is UTC January 1 to the next; the future is refused with the year to choose', () => {
    expect(yearWindow(2025)).toEqual({
      from: new Date('2025-01-01T00:00:00.000Z'),
      to: new Date('2026-01-01T00:00:00.000Z'),
    });
    const now = new Date('2026-12-31T23:59:59Z');
    expect(yearProblem(2026, now)).toBeNull();
    expect(yearProblem(2001, now)).toBeNull();
    expect(yearProblem(2027, now)).toMatch(/2027.*not begun.*2026 or earlier/);
    expect(yearProblem(1999, now)).toMatch(/2000/);
  });

  it('names movements by what they did', () => {
    const buy = new Map<Asset, bigint>([['QMGT', 1n]]);
    const sell = new Map<Asset, bigint>([['QMGT', -1n]]);
    expect(describeMovement('QMGT', buy)).toBe('QMGT bought');
    expect(describeMovement('QMGT', sell)).toBe('QMGT sold');
    expect(describeMovement('QMGT.compensation', sell)).toBe('Reversal of a failed operation');
    expect(describeMovement('REMIT', new Map([['USDT', 1n]]))).toBe('Remittance received');
    expect(
      describeMovement(
        'REMIT',
        new Map<Asset, bigint>([
          ['USDT', -2n],
          ['GOLD', 1n],
        ]),
      ),
    ).toBe('Remittance sent, round-up saved as gold');
    expect(describeMovement('usdau.lock', new Map())).toBe('Grams locked for a USDAU request');
    expect(describeMovement('some.new_kind', new Map())).toBe('some new kind');
  });
});

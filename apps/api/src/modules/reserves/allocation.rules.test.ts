import { describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import { AllocationBook, AllocationRuleError, shareOf } from './allocation.rules.js';

const g = (v: string) => toUnits(v, 'GOLD');

/** A whole vault in one book: bars A, B, C in that order. */
function vault(sizes: Record<string, string>) {
  const book = new AllocationBook(1n);
  Object.entries(sizes).forEach(([id, size], i) =>
    book.addBar({ id, rank: `2026-01-0${i + 1}T00:00:00.000000Z|${id}`, capacity: g(size), allocated: 0n }),
  );
  return book;
}

/** Each holder's rows as { bar: grams } plus its remainder, in grams as text. */
function picture(book: AllocationBook) {
  const out: Record<string, Record<string, bigint>> = {};
  for (const [holder, rows] of book.rows) {
    const mine: Record<string, bigint> = {};
    for (const [bar, row] of rows) if (row.grams > 0n) mine[bar] = row.grams;
    const waiting = book.waiting.get(holder)?.grams ?? 0n;
    if (waiting > 0n) mine.unallocated = waiting;
    if (Object.keys(mine).length) out[holder] = mine;
  }
  return out;
}

/** The ledger check: every holder's rows and remainder add up to its holding; no bar is over. */
function holds(book: AllocationBook, holdings: Record<string, bigint>) {
  let owed = 0n;
  for (const [holder, grams] of Object.entries(holdings)) {
    expect(book.held(holder)).toBe(grams);
    owed += grams;
  }
  const { allocated, unallocated } = book.totals();
  expect(allocated + unallocated).toBe(owed);
  // The book began empty, so what its changes added is the whole.
  expect([book.allocatedDelta, book.unallocatedDelta]).toEqual([allocated, unallocated]);
  for (const bar of book.bars.values()) expect(bar.allocated <= bar.capacity).toBe(true);
}

describe('bar allocation', () => {
  it('places grams first-fit in bar order and releases the last allocated first', () => {
    const book = vault({ A: '100', B: '100' });
    book.setHolding('ann', g('60'));
    book.setHolding('bob', g('70'));
    expect(picture(book)).toEqual({ ann: { A: g('60') }, bob: { A: g('40'), B: g('30') } });
    // Bob sells 35 g: B (placed last) goes first, then A.
    book.setHolding('bob', g('35'));
    expect(picture(book)).toEqual({ ann: { A: g('60') }, bob: { A: g('35') } });
    // Ann buys 10 g more: the room Bob left in A comes first.
    book.setHolding('ann', g('70'));
    expect(picture(book)).toEqual({ ann: { A: g('65'), B: g('5') }, bob: { A: g('35') } });
    holds(book, { ann: g('70'), bob: g('35') });
    // Ann sells 5 g: her last placement (B) goes first.
    book.setHolding('ann', g('65'));
    expect(picture(book)).toEqual({ ann: { A: g('65') }, bob: { A: g('35') } });
  });

  it('keeps what the vault cannot hold as an unallocated remainder, placed when a bar is added', () => {
    const book = vault({ A: '50' });
    book.setHolding('ann', g('40'));
    book.setHolding('bob', g('30'));
    book.setHolding('cat', g('0.000001'));
    expect(picture(book)).toEqual({
      ann: { A: g('40') },
      bob: { A: g('10'), unallocated: g('20') },
      cat: { unallocated: 1n },
    });
    holds(book, { ann: g('40'), bob: g('30'), cat: 1n });
    expect(book.totals()).toEqual({ allocated: g('50'), unallocated: g('20.000001') });

    // A bar is added: the longest waiting (Bob) first.
    book.addBar({ id: 'B', rank: '2026-02-01T00:00:00.000000Z|B', capacity: g('15'), allocated: 0n });
    book.fillRoom();
    expect(picture(book)).toEqual({
      ann: { A: g('40') },
      bob: { A: g('10'), B: g('15'), unallocated: g('5') },
      cat: { unallocated: 1n },
    });
    book.addBar({ id: 'C', rank: '2026-03-01T00:00:00.000000Z|C', capacity: g('100'), allocated: 0n });
    book.fillRoom();
    expect(picture(book)).toEqual({
      ann: { A: g('40') },
      bob: { A: g('10'), B: g('15'), C: g('5') },
      cat: { C: 1n },
    });
    holds(book, { ann: g('40'), bob: g('30'), cat: 1n });
    expect(book.totals().unallocated).toBe(0n);
  });

  it('a sale takes the remainder before any bar', () => {
    const book = vault({ A: '10' });
    book.setHolding('ann', g('15'));
    book.setHolding('ann', g('12'));
    expect(picture(book)).toEqual({ ann: { A: g('10'), unallocated: g('2') } });
    book.setHolding('ann', g('0'));
    expect(picture(book)).toEqual({});
    holds(book, { ann: 0n });
  });

  it('a withdrawn bar moves only its own rows, to the other bars first-fit, the rest unallocated', () => {
    const book = vault({ A: '100', B: '100', C: '100' });
    book.setHolding('ann', g('80'));
    book.setHolding('bob', g('80'));
    book.setHolding('cat', g('80'));
    expect(picture(book)).toEqual({
      ann: { A: g('80') },
      bob: { A: g('20'), B: g('60') },
      cat: { B: g('40'), C: g('40') },
    });
    book.setCapacity('B', 0n);
    // B's rows leave, the last placed first (Cat's 40, then Bob's 60); only C has room (60 g).
    expect(picture(book)).toEqual({
      ann: { A: g('80') },
      bob: { A: g('20'), C: g('20'), unallocated: g('40') },
      cat: { C: g('80') },
    });
    holds(book, { ann: g('80'), bob: g('80'), cat: g('80') });
    expect(book.bars.get('A')!.allocated).toBe(g('100'));
    expect(book.bars.get('B')!.allocated).toBe(0n);
  });

  it('a bar whose fine grams fall (part delivered) gives up only its grams beyond the new size', () => {
    const book = vault({ A: '100', B: '100' });
    book.setHolding('ann', g('30'));
    book.setHolding('bob', g('50'));
    book.setCapacity('A', g('60'));
    // 80 g on A, now 60: Bob's (the last placed) 20 g move to B.
    expect(picture(book)).toEqual({ ann: { A: g('30') }, bob: { A: g('30'), B: g('20') } });
    holds(book, { ann: g('30'), bob: g('50') });
    // A grows back (a correction): room, but nobody waits, so nothing moves.
    book.setCapacity('A', g('100'));
    book.fillRoom();
    expect(picture(book)).toEqual({ ann: { A: g('30') }, bob: { A: g('30'), B: g('20') } });
  });

  it('liabilities above the vault: every bar full, the remainder equal to the shortfall', () => {
    const book = vault({ A: '1', B: '2' });
    book.setHolding('ann', g('2.5'));
    book.setHolding('bob', g('1.25'));
    const { allocated, unallocated } = book.totals();
    expect(allocated).toBe(g('3'));
    expect(unallocated).toBe(g('0.75'));
    holds(book, { ann: g('2.5'), bob: g('1.25') });
    book.setCapacity('A', 0n);
    holds(book, { ann: g('2.5'), bob: g('1.25') });
    expect(book.totals()).toEqual({ allocated: g('2'), unallocated: g('1.75') });
  });

  it('is deterministic: the same history gives the same allocation', () => {
    const run = () => {
      const book = vault({ A: '7', B: '3', C: '11' });
      for (const [h, v] of [
        ['x', '5'],
        ['y', '4'],
        ['z', '9'],
        ['x', '1'],
        ['y', '8'],
      ] as const)
        book.setHolding(h, g(v));
      book.setCapacity('A', g('2'));
      book.fillRoom();
      return picture(book);
    };
    expect(run()).toEqual(run());
  });

  it('refuses what cannot be', () => {
    const book = vault({ A: '1' });
    expect(() => book.setHolding('ann', -1n)).toThrow(AllocationRuleError);
    expect(() => book.setCapacity('Z', 1n)).toThrow(AllocationRuleError);
  });

  it('states a share with eight decimals, rounded down', () => {
    expect(shareOf(g('25'), g('100'))).toBe('0.25000000');
    expect(shareOf(1n, g('12400'))).toBe('0.00000000');
    expect(shareOf(g('1'), g('3'))).toBe('0.33333333');
    expect(shareOf(g('1'), 0n)).toBe('0.00000000');
  });
});

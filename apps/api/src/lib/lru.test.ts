import { describe, expect, it } from 'vitest';
import { createLru } from './lru.js';

describe('createLru', () => {
  it('keeps at most maxEntries, dropping the least recently used first', () => {
    const lru = createLru<number, string>(3);
    for (let i = 0; i < 100; i++) lru.set(i, `v${i}`);
    expect(lru.size).toBe(3);
    expect(lru.get(96)).toBeUndefined();
    expect(lru.get(97)).toBe('v97');
    lru.set(100, 'v100'); // 98 is now the least recently used
    expect(lru.get(98)).toBeUndefined();
    expect([lru.get(97), lru.get(99), lru.get(100)]).toEqual(['v97', 'v99', 'v100']);
  });

  it('refuses a bound below one', () => {
    expect(() => createLru(0)).toThrow(RangeError);
  });
});

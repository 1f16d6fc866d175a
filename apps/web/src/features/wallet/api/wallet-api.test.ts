import { describe, expect, it } from 'vitest';
import { untilNextTick } from './wallet-api';

describe('the gold price is asked again just after the next tick', () => {
  const at = '2026-11-27T18:37:00.000Z';
  const tick = Date.parse(at);

  it('waits until the next period has begun (plus 2 s), not a fixed minute after the answer', () => {
    // Answered 50 s into the period: the next tick is 10 s away, so ask in 12 s, not 60.
    expect(untilNextTick(at, tick + 50_000)).toBe(12_000);
    expect(untilNextTick(at, tick + 1_000)).toBe(60_000);
  });

  it('asks at least 5 s apart when a tick is late, and once a period without one', () => {
    expect(untilNextTick(at, tick + 90_000)).toBe(5_000);
    expect(untilNextTick(undefined, tick)).toBe(60_000);
    expect(untilNextTick('not a date', tick)).toBe(60_000);
  });
});

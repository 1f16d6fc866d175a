import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build.js';
import type { Database } from '../../db/client.js';
import { createMarketService } from './market.service.js';
import { DEFAULT_POLICY } from './market.rules.js';

const PERIOD = 60_000;
let database: Database;
let drop: () => Promise<void>;
const statements: string[] = [];
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase({ onQuery: (sql) => statements.push(sql) }));
});
afterAll(async () => drop());

describe('the gold spot', () => {
  it('is answered from memory within its period, and read again once the period ends', async () => {
    let clock = Math.floor(Date.now() / PERIOD) * PERIOD + 1_000;
    let feedCalls = 0;
    const market = createMarketService({
      db: database.db,
      feed: { kind: 'sandbox', spot: async () => 130n * 10n ** 18n + BigInt(++feedCalls) },
      policy: DEFAULT_POLICY,
      refreshMs: PERIOD,
      now: () => new Date(clock),
    });
    const first = await market.spot();
    expect(feedCalls).toBe(1);

    const before = statements.length;
    clock += PERIOD - 1_001;
    expect(await market.spot()).toEqual(first);
    expect(statements.length).toBe(before);

    clock += 1;
    const next = await market.spot();
    expect(feedCalls).toBe(2);
    expect(next.usdPerGram).not.toBe(first.usdPerGram);
    expect(next.at.getTime()).toBe(first.at.getTime() + PERIOD);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { memoryStore, redisStore, type SharedStore } from './shared-store.js';

function storeSuite(name: string, open: () => SharedStore) {
  describe(name, () => {
    const key = () => `test-${randomBytes(6).toString('hex')}`;

    it('writes only over the value it expects', async () => {
      const store = open();
      const k = key();
      expect(await store.compareAndSet(k, 'x', 'y', 60_000)).toBe(false);
      expect(await store.compareAndSet(k, undefined, 'one', 60_000)).toBe(true);
      expect(await store.compareAndSet(k, undefined, 'two', 60_000)).toBe(false);
      expect(await store.compareAndSet(k, 'one', 'two', 60_000)).toBe(true);
      expect(await store.get(k)).toBe('two');
      expect(await store.compareAndSet(k, 'two', undefined, 60_000)).toBe(true);
      expect(await store.get(k)).toBeUndefined();
    });

    it('lets exactly one of many concurrent writers win each round', async () => {
      const store = open();
      const k = key();
      const increment = async () => {
        for (;;) {
          const raw = await store.get(k);
          if (await store.compareAndSet(k, raw, String(Number(raw ?? 0) + 1), 60_000)) return;
        }
      };
      await Promise.all(Array.from({ length: 40 }, increment));
      expect(await store.get(k)).toBe('40');
    });

    it('forgets a value after its time to live, and on delete', async () => {
      const store = open();
      const k = key();
      await store.compareAndSet(k, undefined, 'short', 50);
      await new Promise((r) => setTimeout(r, 120));
      expect(await store.get(k)).toBeUndefined();
      await store.compareAndSet(k, undefined, 'again', 60_000);
      await store.delete(k);
      expect(await store.get(k)).toBeUndefined();
    });
  });
}

storeSuite('in-process store', () => memoryStore());

describe('in-process store bounds', () => {
  it('drops the oldest keys past its size', async () => {
    const store = memoryStore({ maxEntries: 3 });
    for (const k of ['a', 'b', 'c', 'd']) await store.compareAndSet(k, undefined, k, 60_000);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('d')).toBe('d');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
afterAll(async () => void (await redis?.quit()));
describe.skipIf(!redis)('on Redis', () => {
  if (redis) storeSuite('Redis store', () => redisStore(redis, 'qmgt-test-store-'));
});

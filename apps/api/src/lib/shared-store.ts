import type { Redis } from 'ioredis';

/**
 * Small state that several API processes must agree on (sign-in throttles): in-process by
 * default, Redis when REDIS_URL is set, the same store choice as the rate limits. One
 * primitive, compare-and-set, so that read-decide-write stays atomic across processes while
 * the deciding stays in plain TypeScript (pure rules), not in a Redis script.
 */
export interface SharedStore {
  get(key: string): Promise<string | undefined>;
  /**
   * Writes `next` (or deletes the key when undefined) only if the key still holds `expected`
   * (undefined: absent). False when someone else wrote first: read again and decide again.
   */
  compareAndSet(key: string, expected: string | undefined, next: string | undefined, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/**
 * One process's memory. Bounded: past `maxEntries` the oldest written keys go first, so a
 * flood of made-up identifiers cannot grow the process without limit.
 */
export function memoryStore(options: { maxEntries?: number } = {}): SharedStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const read = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry?.value;
  };
  return {
    async get(key) {
      return read(key);
    },
    // No await inside: in one process the check and the write cannot interleave with another call.
    async compareAndSet(key, expected, next, ttlMs) {
      if (read(key) !== expected) return false;
      entries.delete(key);
      if (next !== undefined) {
        entries.set(key, { value: next, expiresAt: Date.now() + ttlMs });
        while (entries.size > maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest === undefined) break;
          entries.delete(oldest);
        }
      }
      return true;
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

/** KEYS[1]; ARGV: has-expected, expected, has-next, next, ttl in ms. */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current ~= ARGV[2] then return 0 end
elseif current ~= false then
  return 0
end
if ARGV[3] == '1' then
  redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5])
else
  redis.call('DEL', KEYS[1])
end
return 1
`;

/** Shared by every API process on the same Redis; the script makes compare-and-set atomic there. */
export function redisStore(redis: Redis, prefix = 'qmgt-store-'): SharedStore {
  return {
    async get(key) {
      return (await redis.get(prefix + key)) ?? undefined;
    },
    async compareAndSet(key, expected, next, ttlMs) {
      const done = await redis.eval(
        COMPARE_AND_SET,
        1,
        prefix + key,
        expected === undefined ? '0' : '1',
        expected ?? '',
        next === undefined ? '0' : '1',
        next ?? '',
        String(Math.max(1, Math.ceil(ttlMs))),
      );
      return done === 1;
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}

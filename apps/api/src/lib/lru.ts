/**
 * A map that keeps at most `maxEntries` values, dropping the least recently used first: a
 * cache that must not grow with the number of customers. Map order is recency: the first key
 * is the least recently used.
 */
export function createLru<K, V>(maxEntries: number) {
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be at least 1');
  const entries = new Map<K, V>();
  return {
    get size() {
      return entries.size;
    },
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
  };
}

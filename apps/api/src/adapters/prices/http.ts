import { toUnits } from '@qmgt/contracts';
import { PriceFeedError, type PriceFeed } from './port.js';

const GRAMS_PER_TROY_OUNCE_MILLI = 31_103n; // 31.1034768 g, to the milligram

/**
 * A JSON price endpoint: PRICE_FEED_URL answers a document in which PRICE_FEED_PATH (dotted)
 * holds the gold price in USD per gram, or per troy ounce with PRICE_FEED_UNIT=ounce.
 */
export function createHttpPriceFeed(options: {
  url: string;
  path: string;
  unit: 'gram' | 'ounce';
  timeoutMs: number;
}): PriceFeed {
  return {
    kind: 'http',
    async spot() {
      let json: unknown;
      try {
        const response = await fetch(options.url, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) throw new PriceFeedError(`price feed answered ${response.status}`);
        json = await response.json();
      } catch (error) {
        if (error instanceof PriceFeedError) throw error;
        throw new PriceFeedError(`price feed unreachable: ${String(error)}`);
      }
      const value = options.path
        .split('.')
        .reduce<unknown>(
          (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
          json,
        );
      // A number from JSON is turned into text at once and parsed exactly from there on.
      const text = typeof value === 'number' ? value.toFixed(8) : typeof value === 'string' ? value.trim() : undefined;
      if (!text || !/^\d+(\.\d+)?$/.test(text)) throw new PriceFeedError(`price feed has no price at ${options.path}`);
      const [whole, fraction = ''] = text.split('.');
      const scaled = toUnits(`${whole}${fraction ? `.${fraction.slice(0, 18)}` : ''}`, 'USDT');
      if (scaled <= 0n) throw new PriceFeedError('price feed gave a price of zero');
      return options.unit === 'gram' ? scaled : (scaled * 1000n) / GRAMS_PER_TROY_OUNCE_MILLI;
    },
  };
}

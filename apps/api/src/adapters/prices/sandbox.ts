import { nextSandboxPrice } from '../../modules/market/index.js';
import type { PriceFeed } from './port.js';

/** A deterministic random walk around GOLD_USD_PER_GRAM: same seed, same prices. */
export function createSandboxPriceFeed(base: bigint, seed = 'qmgt-sandbox-gold'): PriceFeed {
  return {
    kind: 'sandbox',
    async spot(previous) {
      if (!previous) return base;
      return nextSandboxPrice(previous.usdPerGram, base, previous.step + 1, seed);
    },
  };
}

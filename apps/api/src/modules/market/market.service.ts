import { desc, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { priceTicks } from './market.schema.js';
import { AppError } from '../../lib/errors.js';
import type { PriceFeed } from '../../adapters/prices/port.js';
import { buyPrice, sellPrice, type PricingPolicy } from './market.rules.js';

export interface MarketDeps {
  db: Db;
  feed: PriceFeed;
  policy: PricingPolicy;
  refreshMs: number;
  now?: () => Date;
}

/**
 * Gold spot from the feed, refreshed every `refreshMs` and stored as ticks for charts. Ticks
 * are keyed by their time bucket, so several API processes refreshing at once store one.
 */
export function createMarketService(deps: MarketDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  /** A tick holds for its whole period: within it the spot is answered from memory. */
  let remembered: { usdPerGram: bigint; at: Date } | undefined;

  async function latest() {
    const [row] = await db.select().from(priceTicks).orderBy(desc(priceTicks.at)).limit(1);
    return row;
  }

  async function refresh(): Promise<void> {
    const at = new Date(Math.floor(now().getTime() / deps.refreshMs) * deps.refreshMs);
    const last = await latest();
    if (last && last.at.getTime() >= at.getTime()) return;
    const step = last ? Math.round(last.at.getTime() / deps.refreshMs) : 0;
    const usdPerGram = await deps.feed.spot(last ? { usdPerGram: BigInt(last.usdPerGram), step } : undefined);
    await db
      .insert(priceTicks)
      .values({ at, usdPerGram: usdPerGram.toString(), source: deps.feed.kind })
      .onConflictDoNothing();
  }

  return {
    refresh,

    /**
     * Sandbox only (POST /dev/price): the spot is this from now (a tick at this instant; the
     * sandbox feed walks on from it). Price alerts it crosses fire in the tick's transaction.
     */
    async recordSpot(usdPerGram: bigint): Promise<void> {
      await db
        .insert(priceTicks)
        .values({ at: now(), usdPerGram: usdPerGram.toString(), source: 'dev' })
        .onConflictDoNothing();
      remembered = undefined;
    },

    /** The current spot; refreshed first when the stored one is older than one period. */
    async spot(): Promise<{ usdPerGram: bigint; at: Date }> {
      if (remembered && now().getTime() - remembered.at.getTime() < deps.refreshMs) return remembered;
      let last = await latest();
      if (!last || now().getTime() - last.at.getTime() >= deps.refreshMs) {
        try {
          await refresh();
        } catch {
          // A feed outage keeps the last price only while it is fresh enough to trade on.
        }
        last = await latest();
      }
      if (!last || now().getTime() - last.at.getTime() > 10 * deps.refreshMs) {
        throw new AppError(
          503,
          'ApplicationError',
          'The gold price is not available right now. Please try again in a minute.',
        );
      }
      remembered = { usdPerGram: BigInt(last.usdPerGram), at: last.at };
      return remembered;
    },

    prices(spot: bigint) {
      return { buy: buyPrice(spot, deps.policy), sell: sellPrice(spot, deps.policy) };
    },

    async history(since: Date) {
      return db.select().from(priceTicks).where(gte(priceTicks.at, since)).orderBy(priceTicks.at).limit(5000);
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;

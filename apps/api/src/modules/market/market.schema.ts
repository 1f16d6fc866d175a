import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { units } from '../../db/columns.js';

/* Gold price history. */

/** Gold spot in USD per gram, scaled by 1e18, one row per feed refresh; kept for charts. */
export const priceTicks = pgTable('price_ticks', {
  at: timestamp('at', { withTimezone: true }).primaryKey(),
  usdPerGram: units('usd_per_gram').notNull(),
  source: text('source').notNull(),
});

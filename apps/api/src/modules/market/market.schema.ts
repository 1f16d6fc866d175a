import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, units } from '../../db/columns.js';

/* Gold price history. */

/** Gold spot in USD per gram, scaled by 1e18, one row per feed refresh; kept for charts. */
export const priceTicks = pgTable('price_ticks', {
  at: timestamptz('at').primaryKey(),
  usdPerGram: units('usd_per_gram').notNull(),
  source: text('source').notNull(),
});

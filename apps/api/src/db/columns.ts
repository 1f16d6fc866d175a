import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An amount in an asset's smallest units: an integer of up to 78 digits (uint256 fits). */
export const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** The surrogate key most tables open with: a random UUID the database draws. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written; the database's clock, never the caller's. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

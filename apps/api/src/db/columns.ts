import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An amount in an asset's smallest units: an integer of up to 78 digits (uint256 fits). */
export const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** The surrogate key most tables open with: a random UUID the database draws. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A point in time (timestamptz, as every time the schema keeps): the session's time zone never shifts it. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written; the database's clock, never the caller's. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed: the database's clock at the insert, set by whoever updates it. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

import { numeric } from 'drizzle-orm/pg-core';

/** An amount in an asset's smallest units: an integer of up to 78 digits (uint256 fits). */
export const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

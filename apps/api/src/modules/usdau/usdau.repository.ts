import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { usdauRequests } from './usdau.schema.js';

/* Reads of USDAU requests; every write is a money operation (migration 0013). */

export type UsdauRequestRow = typeof usdauRequests.$inferSelect;

export async function byId(db: Db, id: string): Promise<UsdauRequestRow | undefined> {
  const [row] = await db.select().from(usdauRequests).where(eq(usdauRequests.id, id));
  return row;
}

export async function ofUser(db: Db, userId: string, limit = 100): Promise<UsdauRequestRow[]> {
  return db
    .select()
    .from(usdauRequests)
    .where(eq(usdauRequests.userId, userId))
    .orderBy(desc(usdauRequests.createdAt))
    .limit(limit);
}

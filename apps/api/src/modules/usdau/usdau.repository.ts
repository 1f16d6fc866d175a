import { asc, desc, eq, sql } from 'drizzle-orm';
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

/** The operator's queue: open requests first (oldest first), then the latest decisions. */
export async function queue(db: Db, limit = 200): Promise<UsdauRequestRow[]> {
  return db
    .select()
    .from(usdauRequests)
    .orderBy(
      sql`${usdauRequests.status} <> 'requested'`,
      sql`CASE WHEN ${usdauRequests.status} = 'requested' THEN ${usdauRequests.createdAt} END`,
      desc(usdauRequests.decidedAt),
      asc(usdauRequests.id),
    )
    .limit(limit);
}

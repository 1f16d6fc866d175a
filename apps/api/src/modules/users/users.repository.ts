import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from './users.schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
type Queryable = Db | Tx;

export async function insertUser(db: Queryable, row: NewUserRow): Promise<UserRow> {
  const [created] = await db.insert(users).values(row).returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserByUsername(db: Queryable, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findUserByRefCode(db: Queryable, refCode: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.refCode, refCode.toUpperCase())).limit(1);
  return row;
}

export async function updateUser(db: Queryable, id: string, patch: Partial<NewUserRow>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

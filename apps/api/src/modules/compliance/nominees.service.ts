import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  cutPage,
  type AdminNomineesQuery,
  type AdminNomineesResponse,
  type NomineeDraft,
  type NomineesRequest,
  type NomineesResponse,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { keyText, olderThan } from '../../lib/keyset.js';
import { usersService } from '../users/index.js';
import { nomineeDrafts, nominees } from './nominees.schema.js';

type NomineeRow = typeof nominees.$inferSelect;

const wire = (row: NomineeRow) => ({
  id: row.id,
  firstName: row.firstName,
  middleName: row.middleName,
  lastName: row.lastName,
  contact: row.contact,
  dateOfBirth: row.dateOfBirth,
  address: row.address,
  city: row.city,
  postalCode: row.postalCode,
  relationTestator: row.relationTestator,
  idType: row.idType as NomineesResponse['nominees'][number]['idType'],
  sharePercent: row.shareBps / 100,
});

/**
 * Nominees: the customer saves the whole set at once (shares summing to 100% are checked by
 * the request schema), replacing the previous one in one transaction; the draft is kept apart
 * so a half-typed form never changes what is saved.
 */
export function createNomineesService(db: Db) {
  return {
    async get(userId: string): Promise<NomineesResponse> {
      const [rows, [draft]] = await Promise.all([
        db.select().from(nominees).where(eq(nominees.userId, userId)).orderBy(asc(nominees.position)),
        db.select().from(nomineeDrafts).where(eq(nomineeDrafts.userId, userId)),
      ]);
      return {
        nominees: rows.map(wire),
        draft: draft ? { ...(draft.draft as NomineeDraft), savedAt: draft.savedAt.toISOString() } : null,
        updatedAt: rows[0]?.createdAt.toISOString() ?? null,
      };
    },

    async saveDraft(userId: string, draft: NomineeDraft): Promise<NomineesResponse> {
      await db
        .insert(nomineeDrafts)
        .values({ userId, draft })
        .onConflictDoUpdate({ target: nomineeDrafts.userId, set: { draft, savedAt: sql`now()` } });
      return this.get(userId);
    },

    async save(userId: string, request: NomineesRequest, ip: string | null): Promise<NomineesResponse> {
      await db.transaction(async (tx) => {
        await tx.delete(nominees).where(eq(nominees.userId, userId));
        await tx.insert(nominees).values(
          request.nominees.map((n, position) => ({
            userId,
            position,
            firstName: n.firstName.trim(),
            middleName: n.middleName.trim(),
            lastName: n.lastName.trim(),
            contact: n.contact.trim(),
            dateOfBirth: n.dateOfBirth,
            address: n.address.trim(),
            city: n.city.trim(),
            postalCode: n.postalCode.trim(),
            relationTestator: n.relationTestator.trim(),
            idType: n.idType,
            shareBps: Math.round(n.sharePercent * 100),
          })),
        );
        // Saved: the draft has served its purpose.
        await tx.delete(nomineeDrafts).where(eq(nomineeDrafts.userId, userId));
      });
      await audit(db, {
        action: 'compliance.nominees.save',
        actorId: userId,
        subjectId: userId,
        detail: `${request.nominees.length} nominee(s)`,
        ip,
      });
      return this.get(userId);
    },

    /**
     * The operator's view: customers with nominees, the latest saved set first, a page at a time
     * by key (decision 017). A set's first nominee stands for the set (nominees_set_key_idx);
     * a customer who saves again moves to the top, before any cursor given out.
     */
    async adminList(query: AdminNomineesQuery): Promise<AdminNomineesResponse> {
      const sets = await db
        .select({ userId: nominees.userId, key: keyText(nominees.createdAt) })
        .from(nominees)
        .where(and(eq(nominees.position, 0), olderThan(nominees.createdAt, nominees.userId, query.cursor)))
        .orderBy(desc(nominees.createdAt), desc(nominees.userId))
        .limit(query.pageSize + 1);
      const page = cutPage(sets, query.pageSize, (set) => ({ at: set.key, id: set.userId }));
      const userIds = page.items.map((set) => set.userId);
      if (userIds.length === 0) return { data: [], nextCursor: page.nextCursor };
      const [rows, users] = await Promise.all([
        db.select().from(nominees).where(inArray(nominees.userId, userIds)).orderBy(asc(nominees.position)),
        usersService.byIds(db, userIds),
      ]);
      const byUser = new Map<string, NomineeRow[]>();
      for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
      return {
        // A customer whose account went between the two reads has no rows left: not shown.
        data: page.items.flatMap((set) => {
          const list = byUser.get(set.userId);
          if (!list) return [];
          return [
            {
              userId: set.userId,
              username: users.get(set.userId)?.username ?? '',
              email: users.get(set.userId)?.email ?? '',
              updatedAt: list[0]!.createdAt.toISOString(),
              nominees: list.map(wire),
            },
          ];
        }),
        nextCursor: page.nextCursor,
      };
    },
  };
}

export type NomineesService = ReturnType<typeof createNomineesService>;

import { asc, desc, eq, sql } from 'drizzle-orm';
import type { NomineeDraft, NomineesRequest, NomineesResponse } from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
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

    /** The operator's view: customers with nominees, latest first. */
    async adminList() {
      const rows = await db
        .select()
        .from(nominees)
        .orderBy(desc(nominees.createdAt), asc(nominees.position))
        .limit(1000);
      const byUser = new Map<string, NomineeRow[]>();
      for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
      const users = await usersService.byIds(db, [...byUser.keys()]);
      return [...byUser.entries()].map(([userId, list]) => ({
        userId,
        username: users.get(userId)?.username ?? '',
        email: users.get(userId)?.email ?? '',
        updatedAt: list[0]!.createdAt.toISOString(),
        nominees: list.sort((a, b) => a.position - b.position).map(wire),
      }));
    },
  };
}

export type NomineesService = ReturnType<typeof createNomineesService>;

import {
  consultantSlug,
  cutPage,
  type AdminConsultantsQuery,
  type Consultant,
  type ConsultantInput,
} from '@qmgt/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { keyText, olderThan } from '../../lib/keyset.js';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { KycService } from '../kyc/index.js';
import { usersService, type UserRow } from '../users/index.js';
import { consultants } from './consultants.schema.js';

type Row = typeof consultants.$inferSelect;

/** Consultants: public profiles with a referral link, marked and edited by operators (audited). */
export function createConsultantsService(deps: { db: Db; kyc: KycService }) {
  const { db } = deps;

  async function wire(row: Row, known?: UserRow): Promise<Consultant & { email: string; active: boolean }> {
    const user = known ?? (await usersService.findById(db, row.userId));
    return {
      name: row.slug,
      displayName: row.displayName,
      bio: row.bio,
      pictureUrl: await deps.kyc.profileLink(row.userId),
      refCode: user?.refCode ?? '',
      email: user?.email ?? '',
      active: row.active,
    };
  }

  return {
    /** GET /consultants/{name}: public; an unknown or withdrawn consultant is a 404. */
    async byName(name: string): Promise<Consultant> {
      const [row] = await db
        .select()
        .from(consultants)
        .where(and(eq(consultants.slug, name.toLowerCase()), eq(consultants.active, true)));
      if (!row) throw notFound('Consultant not found.');
      const { email: _email, active: _active, ...page } = await wire(row);
      return page;
    },

    /**
     * GET /admin/consultants: the latest changed first, a page at a time by key (decision 017);
     * the page's accounts read in one query.
     */
    async list(query: AdminConsultantsQuery) {
      const rows = await db
        .select({ consultant: consultants, key: keyText(consultants.updatedAt) })
        .from(consultants)
        .where(olderThan(consultants.updatedAt, consultants.userId, query.cursor))
        .orderBy(desc(consultants.updatedAt), desc(consultants.userId))
        .limit(query.pageSize + 1);
      const page = cutPage(rows, query.pageSize, (r) => ({ at: r.key, id: r.consultant.userId }));
      const users = await usersService.byIds(
        db,
        page.items.map((r) => r.consultant.userId),
      );
      return {
        data: await Promise.all(page.items.map((r) => wire(r.consultant, users.get(r.consultant.userId)))),
        nextCursor: page.nextCursor,
      };
    },

    /** Marks (or edits) the user with this e-mail as a consultant. */
    async upsert(operatorId: string, input: ConsultantInput, ip: string | null) {
      const user = await usersService.findByEmail(db, input.email);
      if (!user) throw notFound('No account has this e-mail address.');
      const slug = consultantSlug(input.displayName);
      if (slug.length < 2) throw unprocessable('The display name needs letters or digits.', { field: 'displayName' });
      const [taken] = await db
        .select({ userId: consultants.userId })
        .from(consultants)
        .where(and(eq(consultants.slug, slug), ne(consultants.userId, user.id)));
      if (taken) throw conflict('Another consultant has this name.', { field: 'displayName' });
      const values = { slug, displayName: input.displayName, bio: input.bio, active: true, updatedAt: new Date() };
      await db
        .insert(consultants)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: consultants.userId, set: values });
      await audit(db, { action: 'consultant.mark', actorId: operatorId, subjectId: user.id, detail: slug, ip });
      const [row] = await db.select().from(consultants).where(eq(consultants.userId, user.id));
      return wire(row!);
    },

    /** Withdraws the public page (kept for history). */
    async withdraw(operatorId: string, name: string, ip: string | null) {
      const [row] = await db
        .update(consultants)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(consultants.slug, name.toLowerCase()))
        .returning();
      if (!row) throw notFound('Consultant not found.');
      await audit(db, {
        action: 'consultant.withdraw',
        actorId: operatorId,
        subjectId: row.userId,
        detail: row.slug,
        ip,
      });
      return wire(row);
    },
  };
}

export type ConsultantsService = ReturnType<typeof createConsultantsService>;

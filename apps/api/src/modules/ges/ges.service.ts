import { createHash } from 'node:crypto';
import {
  AmountError,
  QUOTE_TTL_MS,
  cutPage,
  fromUnits,
  gesTermsFrozenReason,
  toUnits,
  type AdminGesGroup,
  type AdminGesGroupsQuery,
  type GesDocument,
  type GesGroup,
  type GesGroupEdit,
  type GesGroupInput,
  type GesJoinRequest,
  type GesMembership,
  type GesQuote,
  type Transaction,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { MarketService } from '../market/index.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode, type TransactionsService } from '../transactions/index.js';
import { dayOf } from '../gae/index.js';
import * as repo from './ges.repository.js';
import type { DocumentRow, GroupRow, MembershipRow } from './ges.repository.js';
import {
  AgreementFileError,
  GesRuleError,
  agreementText,
  checkInstalment,
  checkStartDate,
  describeTermChanges,
  dueOn,
  instalmentFigures,
  maturityDate,
  projectedHolding,
  runningGrams,
  termChanges,
  type GroupTerms,
} from './ges.rules.js';
import type { InputOf, MoneyOperationKind } from '../money/index.js';

/**
 * A member's lifecycle mail (joined, a missed instalment, lapsed, matured), an outbox kind:
 * owed by the money operations ges_join and ges_instalment through `outbox_owe`, in their
 * transaction (sql/money_op_ges_*.sql).
 */
export const GES_MAIL = 'ges.lifecycle';
/** 'taken' (an instalment paid) is notified in the app only; the others are mailed too. */
export type GesMailEvent = 'joined' | 'taken' | 'missed' | 'lapsed' | 'matured';
export interface GesMail {
  membershipId: string;
  event: GesMailEvent;
  seq: number;
}

export interface GesDeps {
  db: Db;
  money: MoneyEngine;
  market: MarketService;
  transactions: TransactionsService;
  now?: () => Date;
}

function byRules<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof GesRuleError) throw unprocessable(error.message, { field: error.field });
    if (error instanceof AmountError) throw unprocessable(`${error.message}.`, { field: 'instalmentUsdt' });
    throw error;
  }
}

/** The agreement's hash: of its title and its text exactly as stored (and shown), UTF-8. */
export const agreementSha256 = (title: string, body: string) =>
  createHash('sha256').update(`${title}\n\n${body}`, 'utf8').digest('hex');

/**
 * Group gold savings (GES, shown as GDS): groups the operator publishes, joining by accepting
 * the agreement and paying the first instalment, the monthly instalment job and the passbook.
 * Every movement is a money-engine operation (migration 0014_group_savings.sql).
 */
export function createGesService(deps: GesDeps) {
  const { db, market } = deps;
  const now = deps.now ?? (() => new Date());

  /** One money operation of this product, as this customer, now (the engine's typed entry). */
  const execute = <K extends MoneyOperationKind>(
    op: { kind: K } & InputOf<K>,
    userId: string,
    claim?: IdempotencyClaim,
    at: Date = now(),
  ) => deps.money.run<K>(userId, op, { now: at, claim });

  function groupWire(group: GroupRow, members: number, documentVersion: number, membership: MembershipRow | undefined) {
    const seatsLeft = Math.max(0, group.memberCap - members);
    return {
      id: group.id,
      name: group.name,
      instalmentUsdt: fromUnits(BigInt(group.instalmentUsdt), 'USDT'),
      termMonths: group.termMonths,
      memberCap: group.memberCap,
      membersCount: members,
      seatsLeft,
      startDate: group.startDate,
      maturityDate: maturityDate(group.startDate, group.termMonths),
      bonusInstalments: group.bonusInstalments,
      status: group.status,
      joinable: group.status === 'open' && seatsLeft > 0 && dayOf(now()) <= group.startDate && !membership,
      documentId: group.currentDocumentId!,
      documentVersion,
      membership: membership?.status ?? null,
    } satisfies GesGroup;
  }

  async function groupsWire(userId: string | null, groups: GroupRow[]): Promise<GesGroup[]> {
    const ids = groups.map((g) => g.id);
    const [docs, memberships] = await Promise.all([
      repo.documentsByIds(
        db,
        groups.map((g) => g.currentDocumentId!),
      ),
      userId ? repo.membershipsOf(db, userId, ids) : Promise.resolve(new Map<string, MembershipRow>()),
    ]);
    return groups.map((g) =>
      groupWire(g, g.memberCount, docs.get(g.currentDocumentId!)?.version ?? 1, memberships.get(g.id)),
    );
  }

  async function membershipWire(m: MembershipRow, group: GroupRow): Promise<GesMembership> {
    const lines = await repo.passbook(db, m.id);
    const running = runningGrams(
      lines.map((l) => ({ seq: l.seq, status: l.status, grams: l.grams ? BigInt(l.grams) : null })),
    );
    const held = running.at(-1) ?? 0n;
    const codes = new Map<string, string>();
    for (const line of lines)
      if (line.transactionId) {
        const tx = await deps.transactions.byIdForOwner(m.userId, line.transactionId);
        if (tx) codes.set(line.transactionId, tx.code);
      }
    const next = m.paidCount + m.missedCount + 1;
    const remaining = m.status === 'active' ? group.termMonths - next + 1 : 0;
    let perInstalment = 0n;
    if (remaining > 0) {
      try {
        perInstalment = instalmentFigures(BigInt(group.instalmentUsdt), (await market.spot()).usdPerGram).grams;
      } catch {
        perInstalment = 0n;
      }
    }
    let projected = held + BigInt(m.bonusGrams ?? '0');
    if (m.status === 'active') {
      const holding = projectedHolding({
        heldGrams: held,
        paidCount: m.paidCount,
        remaining,
        gramsPerInstalmentToday: perInstalment,
      });
      projected = holding.grams + (await repo.projectedBonusGrams(db, holding, group.bonusInstalments));
    }
    return {
      id: m.id,
      status: m.status,
      joinedAt: m.acceptedAt.toISOString(),
      documentVersion: m.documentVersion,
      documentSha256: m.documentSha256,
      grams: fromUnits(m.status === 'active' ? held : 0n, 'GOLD'),
      paidCount: m.paidCount,
      missedCount: m.missedCount,
      nextDue:
        m.status === 'active' && next <= group.termMonths
          ? {
              seq: next,
              dueOn: dueOn(group.startDate, next),
              amountUsdt: fromUnits(BigInt(group.instalmentUsdt), 'USDT'),
            }
          : null,
      projectedGrams: fromUnits(projected, 'GOLD'),
      bonusGrams: m.bonusGrams === null ? null : fromUnits(BigInt(m.bonusGrams), 'GOLD'),
      closedAt: m.closedAt?.toISOString() ?? null,
      passbook: lines.map((l, i) => ({
        seq: l.seq,
        dueOn: l.dueOn,
        status: l.status,
        paidAt: l.status === 'paid' ? l.paidAt.toISOString() : null,
        amountUsdt: l.amountUsdt === null ? null : fromUnits(BigInt(l.amountUsdt), 'USDT'),
        price: l.price === null ? null : fromUnits(BigInt(l.price), 'USDT'),
        grams: l.grams === null ? null : fromUnits(BigInt(l.grams), 'GOLD'),
        runningGrams: fromUnits(running[i]!, 'GOLD'),
        transactionCode: l.transactionId ? (codes.get(l.transactionId) ?? null) : null,
      })),
    };
  }

  /** The operator's view: every status, and a draft without an agreement yet. */
  /** A page of groups as the operator sees them: their current agreements read in one query. */
  async function adminWires(groups: GroupRow[]): Promise<AdminGesGroup[]> {
    const docIds = groups.flatMap((g) => (g.currentDocumentId ? [g.currentDocumentId] : []));
    const docs = docIds.length > 0 ? await repo.documentsByIds(db, docIds) : new Map<string, DocumentRow>();
    return groups.map((group) => {
      const { membership: _m, joinable: _j, ...wire } = groupWire(group, group.memberCount, 0, undefined);
      const doc = group.currentDocumentId ? docs.get(group.currentDocumentId) : undefined;
      return {
        ...wire,
        documentId: group.currentDocumentId,
        documentVersion: doc?.version ?? null,
        createdAt: group.createdAt.toISOString(),
      } satisfies AdminGesGroup;
    });
  }

  const adminWire = async (group: GroupRow) => (await adminWires([group]))[0]!;

  /**
   * A group as a customer may see it: a draft is the operator's alone (not found); a closed
   * group shows its members their passbook and tells anyone else it is closed (409), rather
   * than pretending it never existed, since its join links were handed out while it was open.
   */
  async function visibleGroup(userId: string, groupId: string) {
    const group = await repo.groupById(db, groupId);
    if (!group || group.status === 'draft') throw notFound('Group not found.');
    const membership = (await repo.membershipsOf(db, userId, [group.id])).get(group.id);
    if (group.status === 'closed' && !membership) throw conflict('This group is closed to new members.');
    return { group, membership };
  }

  return {
    /** GET /ges/groups: open groups and the caller's. */
    async groups(userId: string): Promise<GesGroup[]> {
      return groupsWire(userId, await repo.groupsFor(db, userId));
    },

    /** GET /ges/groups/{id}: the group, with the caller's membership and passbook. */
    async group(userId: string, groupId: string) {
      const { group, membership } = await visibleGroup(userId, groupId);
      const [wire] = await groupsWire(userId, [group]);
      return { group: wire!, membership: membership ? await membershipWire(membership, group) : null };
    },

    /** GET /ges/documents/{id}: an agreement of a group the caller can see. */
    async document(userId: string, documentId: string): Promise<GesDocument> {
      const doc = await repo.documentById(db, documentId);
      if (!doc) throw notFound('Agreement not found.');
      const { group } = await visibleGroup(userId, doc.groupId).catch((error: unknown) => {
        // The closed group's answer stands (the join page shows it); a draft's agreement is unknown.
        if (error instanceof AppError && error.status === 409) throw error;
        throw notFound('Agreement not found.');
      });
      return {
        id: doc.id,
        groupId: doc.groupId,
        version: doc.version,
        title: doc.title,
        text: doc.body,
        sha256: doc.sha256,
        createdAt: doc.createdAt.toISOString(),
        current: group.currentDocumentId === doc.id,
      };
    },

    /** POST /ges/groups/{id}/quote: what the first instalment buys now (30 s). */
    async quote(userId: string, groupId: string): Promise<GesQuote> {
      const { group, membership } = await visibleGroup(userId, groupId);
      if (membership) throw conflict('You are already a member of this group.');
      if (group.status !== 'open') throw conflict('This group is closed to new members.');
      if (dayOf(now()) > group.startDate) throw conflict('This group has started: it takes no new members.');
      // Checked again, under the group's lock, by the join; here so that no price is promised for nothing.
      if (group.memberCount >= group.memberCap) throw conflict('This group is full.');
      const { usdPerGram } = await market.spot();
      const figures = byRules(() => instalmentFigures(BigInt(group.instalmentUsdt), usdPerGram));
      const expiresAt = new Date(now().getTime() + QUOTE_TTL_MS);
      const quoteId = await repo.insertQuote(db, {
        userId,
        groupId,
        amountUsdt: figures.amountUsdt.toString(),
        grams: figures.grams.toString(),
        fee: figures.fee.toString(),
        price: figures.price.toString(),
        spot: usdPerGram.toString(),
        expiresAt,
      });
      return {
        quoteId,
        amountUsdt: fromUnits(figures.amountUsdt, 'USDT'),
        grams: fromUnits(figures.grams, 'GOLD'),
        price: fromUnits(figures.price, 'USDT'),
        spot: fromUnits(usdPerGram, 'USDT'),
        fee: fromUnits(figures.fee, 'USDT'),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** POST /ges/groups/{id}/join: accepts the agreement and pays the first instalment at the quote. */
    async join(
      userId: string,
      groupId: string,
      body: GesJoinRequest,
      claim: IdempotencyClaim,
      ip: string | null,
    ): Promise<{ membership: GesMembership; transaction: Transaction; replayed: boolean }> {
      // The due days are ges.rules.ts's (dueOn): the join books the ones computed here, from the
      // start date it checks is still the group's.
      const terms = await repo.groupById(db, groupId);
      if (!terms) throw notFound('Group not found.');
      const answer = await execute(
        {
          kind: 'ges_join',
          groupId,
          documentId: body.documentId,
          quoteId: body.quoteId,
          startDate: terms.startDate,
          nextDueOn: dueOn(terms.startDate, 2),
          code: newTransactionCode('GES'),
          ip,
        },
        userId,
        claim,
      );
      const membership = await repo.membershipById(db, String(answer.membershipId));
      const group = await repo.groupById(db, groupId);
      if (!membership || !group) throw new Error('ges_join answered without its membership');
      return {
        membership: await membershipWire(membership, group),
        transaction: deps.transactions.fromEngine(answer.transaction!),
        replayed: !!answer.replayed,
      };
    },

    /**
     * The instalment job's pass: each membership whose next instalment is due pays it at
     * today's price (or misses it); the (membership, seq) passbook row makes a second run, here
     * or in another process, a no-op. A membership overdue by several months catches up one
     * instalment per round. `at` is the job's clock.
     */
    async runInstalments(at: Date = now()): Promise<Record<string, number>> {
      const today = dayOf(at);
      const outcomes: Record<string, number> = {};
      for (let round = 0; round < 120; round++) {
        const due = await repo.dueMemberships(db, today);
        if (due.length === 0) break;
        let progressed = false;
        for (const { membership: m, group } of due) {
          const seq = m.paidCount + m.missedCount + 1;
          let figures;
          try {
            figures = instalmentFigures(BigInt(group.instalmentUsdt), (await market.spot()).usdPerGram);
          } catch {
            continue; // no price today: the instalment waits for the next pass
          }
          const answer = await deps.money.execute({
            kind: 'ges_instalment',
            userId: m.userId,
            membershipId: m.id,
            seq,
            dueOn: dueOn(group.startDate, seq),
            nextDueOn: dueOn(group.startDate, seq + 1),
            amountUsdt: group.instalmentUsdt,
            grams: figures.grams.toString(),
            fee: figures.fee.toString(),
            price: figures.price.toString(),
            code: newTransactionCode('GES'),
            now: at.toISOString(),
          });
          const outcome = String(answer.outcome ?? answer.status);
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
          if (outcome !== 'not_due' && outcome !== 'duplicate') progressed = true;
        }
        if (!progressed) break;
      }
      return outcomes;
    },

    membershipForMail: async (membershipId: string) => {
      const m = await repo.membershipById(db, membershipId);
      const group = m && (await repo.groupById(db, m.groupId));
      return m && group ? { membership: await membershipWire(m, group), group, userId: m.userId } : undefined;
    },

    /** The operator's list: every group with its members count. */
    /** GET /admin/ges/groups: every group, newest first, a page at a time by key. */
    async adminGroups(query: AdminGesGroupsQuery) {
      const rows = await repo.groupsPage(db, query.cursor, query.pageSize + 1);
      const page = cutPage(rows, query.pageSize, (r) => ({ at: r.key, id: r.group.id }));
      return { data: await adminWires(page.items.map((r) => r.group)), nextCursor: page.nextCursor };
    },

    /**
     * POST /admin/ges/groups: a new group, a draft (customers neither see nor join it), with
     * its first agreement when one is given. Audited.
     */
    async createGroup(operatorId: string, input: GesGroupInput, ip: string | null) {
      const instalment = byRules(() => toUnits(input.instalmentUsdt, 'USDT'));
      byRules(() => checkInstalment(instalment));
      byRules(() => checkStartDate(input.startDate, dayOf(now())));
      const agreement = input.agreement
        ? {
            title: input.agreement.title.trim(),
            body: input.agreement.text,
            sha256: agreementSha256(input.agreement.title.trim(), input.agreement.text),
          }
        : null;
      const group = await repo.createGroup(
        db,
        {
          name: input.name.trim(),
          instalmentUsdt: instalment.toString(),
          termMonths: input.termMonths,
          memberCap: input.memberCap,
          startDate: input.startDate,
          bonusInstalments: input.bonusInstalments,
          createdBy: operatorId,
        },
        agreement,
        (created, doc) => ({
          action: 'ges.group.create',
          actorId: operatorId,
          detail: `${created.name} (${created.id}): draft${doc ? `, agreement version 1, sha256 ${doc.sha256}` : ''}`,
          ip,
        }),
      );
      return adminWire(group);
    },

    async adminGroup(groupId: string) {
      const group = await repo.groupById(db, groupId);
      if (!group) throw notFound('Group not found.');
      return adminWire(group);
    },

    /**
     * PATCH /admin/ges/groups/{id}: the operator's "edit before start". Each value given is
     * checked by creation's rules first; then, under the group's lock, the group must still be
     * editable (gesTermsFrozenReason) and only what differs is written, with an audit row of each
     * term's old and new value. Terms given with their current values change nothing and write
     * no audit row.
     */
    async editGroup(operatorId: string, groupId: string, edit: GesGroupEdit, ip: string | null) {
      const wanted: Partial<GroupTerms> = {};
      if (edit.name !== undefined) wanted.name = edit.name.trim();
      if (edit.instalmentUsdt !== undefined) {
        const instalment = byRules(() => toUnits(edit.instalmentUsdt!, 'USDT'));
        byRules(() => checkInstalment(instalment));
        wanted.instalmentUsdt = instalment;
      }
      if (edit.startDate !== undefined) {
        byRules(() => checkStartDate(edit.startDate!, dayOf(now())));
        wanted.startDate = edit.startDate;
      }
      if (edit.termMonths !== undefined) wanted.termMonths = edit.termMonths;
      if (edit.memberCap !== undefined) wanted.memberCap = edit.memberCap;
      if (edit.bonusInstalments !== undefined) wanted.bonusInstalments = edit.bonusInstalments;

      const edited = await repo.changeTerms(db, groupId, (locked, members) => {
        const frozen = gesTermsFrozenReason({ ...locked, membersCount: members }, dayOf(now()));
        if (frozen) throw conflict(frozen);
        const changes = termChanges({ ...locked, instalmentUsdt: BigInt(locked.instalmentUsdt) }, wanted);
        if (changes.length === 0) return null;
        return {
          set: Object.fromEntries(
            changes.map((c) => [c.term, typeof c.to === 'bigint' ? c.to.toString() : c.to]),
          ) as repo.TermColumns,
          record: {
            action: 'ges.group.edit',
            actorId: operatorId,
            detail: `${locked.name} (${locked.id}): ${describeTermChanges(changes)}`,
            ip,
          },
        };
      });
      if (!edited) throw notFound('Group not found.');
      return adminWire(edited);
    },

    /**
     * POST /admin/ges/groups/{id}/open: a draft is listed to customers and takes members until
     * its start date. It needs a current agreement (what members accept) and a start date to
     * come. Audited.
     */
    async openGroup(operatorId: string, groupId: string, ip: string | null) {
      const group = await repo.groupById(db, groupId);
      if (!group) throw notFound('Group not found.');
      if (group.status !== 'draft')
        throw conflict(group.status === 'open' ? 'This group is already open.' : 'A closed group cannot be reopened.');
      if (!group.currentDocumentId) throw conflict("Add the group's agreement before opening it.");
      if (group.startDate < dayOf(now()))
        throw unprocessable('The start date has passed: a group opens before its first instalment.', {
          field: 'startDate',
        });
      const opened = await repo.changeStatus(db, groupId, ['draft'], 'open', (row) => ({
        action: 'ges.group.open',
        actorId: operatorId,
        detail: `${row.name} (${row.id})`,
        ip,
      }));
      if (!opened) throw conflict('This group is already open.');
      return adminWire(opened);
    },

    /** POST /admin/ges/groups/{id}/close: no new members; instalments of members go on. Audited. */
    async closeGroup(operatorId: string, groupId: string, ip: string | null) {
      const group = await repo.groupById(db, groupId);
      if (!group) throw notFound('Group not found.');
      const closed = await repo.changeStatus(db, groupId, ['draft', 'open'], 'closed', (row) => ({
        action: 'ges.group.close',
        actorId: operatorId,
        detail: `${row.name} (${row.id})`,
        ip,
      }));
      if (!closed) throw conflict('This group is already closed.');
      return adminWire(closed);
    },

    /**
     * POST /admin/ges/groups/{id}/agreement (pasted) and .../agreement/file (uploaded): a new
     * agreement version, current from now on; members keep the one they accepted. Audited.
     */
    async newAgreement(
      operatorId: string,
      groupId: string,
      agreement: { title: string; text: string },
      ip: string | null,
    ) {
      const group = await repo.groupById(db, groupId);
      if (!group) throw notFound('Group not found.');
      if (group.status === 'closed') throw conflict('This group is closed: its agreement can no longer change.');
      const title = agreement.title.trim();
      await repo.addAgreement(
        db,
        groupId,
        { title, body: agreement.text, sha256: agreementSha256(title, agreement.text) },
        (doc) => ({
          action: 'ges.group.agreement',
          actorId: operatorId,
          detail: `${group.name} (${group.id}): version ${doc.version}, sha256 ${doc.sha256}`,
          ip,
        }),
      );
      return this.adminGroup(groupId);
    },

    /** The uploaded file's text, as newAgreement stores it; refusals carry their status (413, 415, 422). */
    agreementFromFile(bytes: Uint8Array, declared: { mimetype: string; filename: string }): string {
      try {
        return agreementText(bytes, declared);
      } catch (error) {
        if (error instanceof AgreementFileError)
          throw new AppError(
            error.status,
            error.status === 413
              ? 'PayloadTooLargeError'
              : error.status === 415
                ? 'ValidationError'
                : 'UnprocessableError',
            error.message,
            { field: 'file' },
          );
        throw error;
      }
    },
  };
}

export type GesService = ReturnType<typeof createGesService>;

import { createHash, randomBytes } from 'node:crypto';
import { dueOn, instalmentFigures } from '../modules/ges/ges.rules.js';
import type { Answer, SqlKit } from './sql-kit.js';

/*
 * Group savings driven through the SQL operations alone: a group row as the operator's service
 * writes it (open, with its agreement), `ges_join` at a quote priced by the TypeScript rule, and
 * each later `ges_instalment` with the figures and due days (this one's and the next) the
 * instalment job computes with ges.rules.ts (instalmentFigures, dueOn).
 */

export interface GroupSpec {
  instalmentUsdt: bigint;
  termMonths: number;
  bonusInstalments: number;
  startDate: string;
}

export function gesKit(k: SqlKit) {
  async function group(spec: GroupSpec): Promise<string> {
    const g = await k.one(
      `INSERT INTO ges_groups (name, instalment_usdt, term_months, member_cap, start_date, bonus_instalments, status)
       VALUES ($1, $2::numeric, $3, 100, $4::date, $5, 'open') RETURNING id::text`,
      [
        `SQL rules ${randomBytes(3).toString('hex')}`,
        spec.instalmentUsdt.toString(),
        spec.termMonths,
        spec.startDate,
        spec.bonusInstalments,
      ],
    );
    const title = 'Agreement';
    const body = 'Each member pays the instalment monthly.';
    const sha = createHash('sha256').update(`${title}\n\n${body}`, 'utf8').digest('hex');
    const doc = await k.one(
      `INSERT INTO ges_documents (group_id, version, title, body, sha256) VALUES ($1, 1, $2, $3, $4) RETURNING id::text`,
      [g.id, title, body, sha],
    );
    await k.rows(`UPDATE ges_groups SET current_document_id = $1 WHERE id = $2`, [doc.id, g.id]);
    return String(g.id);
  }

  /** Joins at a quote priced at `spot` (instalment 1); `now` is the join's clock. */
  async function join(userId: string, groupId: string, spot: bigint, now: Date) {
    const answer = await tryJoin(userId, groupId, spot, now);
    if (answer.status !== 200) throw new Error(`join refused: ${JSON.stringify(answer)}`);
    return { membershipId: String(answer.membershipId), figures: answer.figures };
  }

  /**
   * The join's answer, refused or not: its quote expiring an hour after `now` unless told, its due
   * days computed from the group's start date unless told another (one the operator has moved).
   */
  async function tryJoin(
    userId: string,
    groupId: string,
    spot: bigint,
    now: Date,
    { quoteExpiresAt, startDate }: { quoteExpiresAt?: Date; startDate?: string } = {},
  ) {
    const g = await k.one(
      `SELECT instalment_usdt::text AS amount, current_document_id::text AS doc, start_date::text AS start
         FROM ges_groups WHERE id = $1`,
      [groupId],
    );
    const f = instalmentFigures(BigInt(String(g.amount)), spot);
    const quote = await k.one(
      `INSERT INTO ges_quotes (user_id, group_id, amount_usdt, grams, fee, price, spot, expires_at)
       VALUES ($1, $2, $3::numeric, $4::numeric, $5::numeric, $6::numeric, $7::numeric, $8) RETURNING id::text`,
      [
        userId,
        groupId,
        f.amountUsdt.toString(),
        f.grams.toString(),
        f.fee.toString(),
        f.price.toString(),
        spot.toString(),
        (quoteExpiresAt ?? new Date(now.getTime() + 3_600_000)).toISOString(),
      ],
    );
    const answer = await k.execute({
      kind: 'ges_join',
      userId,
      groupId,
      documentId: g.doc,
      quoteId: quote.id,
      startDate: startDate ?? String(g.start),
      nextDueOn: dueOn(startDate ?? String(g.start), 2),
      code: k.code('GES'),
      ip: null,
      now: now.toISOString(),
    });
    return Object.assign(answer, { figures: f });
  }

  /** Instalment `seq` as the job sends it: TypeScript's figures at `spot` and its due day. */
  async function instalment(
    userId: string,
    membershipId: string,
    seq: number,
    spot: bigint,
    now: Date,
  ): Promise<{ answer: Answer; figures: ReturnType<typeof instalmentFigures> }> {
    const g = await k.one(
      `SELECT g.instalment_usdt::text AS amount, g.start_date::text AS start
         FROM ges_memberships m JOIN ges_groups g ON g.id = m.group_id WHERE m.id = $1`,
      [membershipId],
    );
    const figures = instalmentFigures(BigInt(String(g.amount)), spot);
    const answer = await k.execute({
      kind: 'ges_instalment',
      userId,
      membershipId,
      seq,
      dueOn: dueOn(String(g.start), seq),
      nextDueOn: dueOn(String(g.start), seq + 1),
      amountUsdt: String(g.amount),
      grams: figures.grams.toString(),
      fee: figures.fee.toString(),
      price: figures.price.toString(),
      code: k.code('GES'),
      now: now.toISOString(),
    });
    return { answer, figures };
  }

  async function membership(membershipId: string) {
    const m = await k.one(
      `SELECT status, paid_count, missed_count, next_due_on::text AS next_due_on, bonus_grams::text AS bonus_grams
         FROM ges_memberships WHERE id = $1`,
      [membershipId],
    );
    return {
      status: String(m.status),
      paidCount: Number(m.paid_count),
      missedCount: Number(m.missed_count),
      nextDueOn: m.next_due_on === null ? null : String(m.next_due_on),
      bonusGrams: m.bonus_grams === null ? null : BigInt(String(m.bonus_grams)),
    };
  }

  /** The passbook's paid grams (what ges_close sums). */
  async function paidGrams(membershipId: string): Promise<bigint> {
    const row = await k.one(
      `SELECT coalesce(sum(grams), 0)::text AS grams FROM ges_instalments WHERE membership_id = $1 AND status = 'paid'`,
      [membershipId],
    );
    return BigInt(String(row.grams));
  }

  return { group, join, tryJoin, instalment, membership, paidGrams };
}

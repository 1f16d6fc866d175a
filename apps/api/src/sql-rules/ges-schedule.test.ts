import { describe, expect, it } from 'vitest';
import { GES_MAX_DUE_DAY, GES_MISSES_TO_LAPSE, toUnits } from '@qmgt/contracts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { dueOn, maturityDate } from '../modules/ges/ges.rules.js';
import { sqlRulesDatabase } from '../test/sql-rules-database.js';

/*
 * GES due dates have one home, dueOn() in ges.rules.ts (tested there day by day): the job sends
 * an instalment's day and the next one, the join its start date and instalment 2's day, and the
 * SQL books them as given (money_op_ges_join, money_op_ges_instalment); the job's query
 * (next_due_on <= today) runs on what was booked. Here: the booked days are dueOn()'s.
 * The lapse has one home in SQL, ges_lapses.sql (it decides inside the instalment whether the
 * membership goes on), its number the contracts' GES_MISSES_TO_LAPSE through platform_settings.
 */

const { k, ges } = sqlRulesDatabase();

const INSTALMENT = toUnits('25', 'USDT');
const SPOT = toUnits('96.4', 'USDT');
const at = (day: string) => new Date(`${day}T09:00:00.000Z`);
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

async function member(startDate: string, termMonths: number, funded: number, bonusInstalments = 1) {
  const groupId = await ges.group({ instalmentUsdt: INSTALMENT, termMonths, bonusInstalments, startDate });
  const userId = await k.customer();
  await k.deposit(userId, INSTALMENT * BigInt(funded));
  const { membershipId } = await ges.join(userId, groupId, SPOT, at(dayBefore(startDate)));
  return { userId, membershipId };
}

async function passbookDue(membershipId: string) {
  return (
    await k.rows(`SELECT seq, due_on::text AS due_on FROM ges_instalments WHERE membership_id = $1 ORDER BY seq`, [
      membershipId,
    ])
  ).map((r) => [Number(r.seq), String(r.due_on)]);
}

describe('GES due dates: the SQL books the days dueOn() gives', () => {
  // Day 28 (the last allowed, GES_MAX_DUE_DAY) through February of a common and a leap year,
  // a month-end start crossing a year, day 1 and mid-month.
  for (const start of ['2027-01-28', '2027-12-28', '2027-11-15', '2026-12-01', `2028-01-${GES_MAX_DUE_DAY}`]) {
    it(`start ${start}: after the join and after each of 14 instalments, next_due_on = dueOn(start, seq + 1)`, async () => {
      const term = 14;
      const { userId, membershipId } = await member(start, term, term);
      expect((await ges.membership(membershipId)).nextDueOn).toBe(dueOn(start, 2));
      for (let seq = 2; seq <= term; seq++) {
        const due = dueOn(start, seq);
        const { answer } = await ges.instalment(userId, membershipId, seq, SPOT, at(due));
        expect(answer.outcome).toBe(seq === term ? 'paid_matured' : 'paid');
        const m = await ges.membership(membershipId);
        expect(m.nextDueOn, `after instalment ${seq}`).toBe(seq === term ? null : dueOn(start, seq + 1));
      }
      // The passbook's days are TypeScript's (the join writes the start date itself).
      expect(await passbookDue(membershipId)).toEqual(
        Array.from({ length: term }, (_, i) => [i + 1, dueOn(start, i + 1)]),
      );
      expect(dueOn(start, term)).toBe(maturityDate(start, term));
    });
  }

  it('a term of 2: the join sets instalment 2 due; it matures the membership', async () => {
    const { userId, membershipId } = await member('2027-05-20', 2, 2);
    expect((await ges.membership(membershipId)).nextDueOn).toBe(dueOn('2027-05-20', 2));
    const { answer } = await ges.instalment(userId, membershipId, 2, SPOT, at(dueOn('2027-05-20', 2)));
    expect(answer.outcome).toBe('paid_matured');
  });

  /*
   * Days 1-28 exist in every month, so an instalment falls on its group's start day each month.
   * checkStartDate() refuses a start on the 29th-31st; migration 0036 holds the same bound as a
   * CHECK, so no group row (an import, a hand edit) can have one.
   */
  it(`a start day after ${GES_MAX_DUE_DAY} is refused by the database too`, async () => {
    for (const start of ['2027-01-29', '2027-01-31'])
      await expect(
        ges.group({ instalmentUsdt: INSTALMENT, termMonths: 3, bonusInstalments: 1, startDate: start }),
      ).rejects.toThrow(/ges_groups_start_day/);
    const { membershipId } = await member('2027-01-28', 3, 3);
    expect((await ges.membership(membershipId)).nextDueOn).toBe(dueOn('2027-01-28', 2));
  });
});

describe('the join books the due days computed from the start date it was given', () => {
  it('a join computed from another start date (the operator moved it since) is refused, nothing booked', async () => {
    const start = '2027-09-14';
    const groupId = await ges.group({
      instalmentUsdt: INSTALMENT,
      termMonths: 4,
      bonusInstalments: 1,
      startDate: start,
    });
    const userId = await k.customer();
    await k.deposit(userId, INSTALMENT);
    await k.rows(`UPDATE ges_groups SET start_date = '2027-09-21' WHERE id = $1`, [groupId]);
    // The join computed from the old start date.
    const answer = await ges.tryJoin(userId, groupId, SPOT, at('2027-09-01'), { startDate: start });
    expect(answer).toMatchObject({
      status: 409,
      error: {
        name: 'ConflictError',
        message: "This group's start date has changed since your quote. Ask for a new quote to see the new terms.",
      },
    });
    expect(await k.balance(userId, 'USDT', 'available')).toBe(INSTALMENT);
    expect(await k.rows(`SELECT id FROM ges_memberships WHERE group_id = $1`, [groupId])).toEqual([]);
  });
});

/** ges_lapses() called directly: whether a membership with this many misses lapses. */
async function lapses(missedCount: number): Promise<boolean> {
  const [row] = await k.rows(`SELECT ges_lapses($1::int) AS lapses`, [missedCount]);
  return row!.lapses as boolean;
}

describe('ges_lapses.sql: the rule, called directly', () => {
  it(`the number is the contracts' GES_MISSES_TO_LAPSE (${GES_MISSES_TO_LAPSE}): the default row and the file`, async () => {
    expect(GES_MISSES_TO_LAPSE).toBe(3);
    const [row] = await k.rows(`SELECT value FROM platform_settings WHERE key = 'ges_misses_to_lapse'`);
    expect(row!.value).toBe(String(GES_MISSES_TO_LAPSE));
    const file = await readFile(path.join(import.meta.dirname, '../../sql/ges_lapses.sql'), 'utf8');
    expect(file).toContain(`('ges_misses_to_lapse', '${GES_MISSES_TO_LAPSE}')`);
  });

  it('0, 1 and 2 misses go on; the 3rd lapses, and any count beyond it', async () => {
    expect(await Promise.all([0, 1, 2, 3, 4, 60].map(lapses))).toEqual([false, false, false, true, true, true]);
  });

  it('follows the setting; without the row it refuses to decide', async () => {
    try {
      await k.rows(`UPDATE platform_settings SET value = '2' WHERE key = 'ges_misses_to_lapse'`);
      expect(await Promise.all([1, 2].map(lapses))).toEqual([false, true]);
      // The instalment lapses by it: the second miss ends this membership.
      const start = '2027-10-03';
      const { userId, membershipId } = await member(start, 6, 1);
      const outcomes: string[] = [];
      for (const seq of [2, 3])
        outcomes.push(
          String((await ges.instalment(userId, membershipId, seq, SPOT, at(dueOn(start, seq)))).answer.outcome),
        );
      expect(outcomes).toEqual(['missed', 'lapsed']);
      await k.rows(`DELETE FROM platform_settings WHERE key = 'ges_misses_to_lapse'`);
      await expect(lapses(1)).rejects.toThrow(/ges_misses_to_lapse/);
    } finally {
      await k.rows(
        `INSERT INTO platform_settings (key, value) VALUES ('ges_misses_to_lapse', $1)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [String(GES_MISSES_TO_LAPSE)],
      );
    }
  });
});

describe(`GES lapse: ${GES_MISSES_TO_LAPSE} missed instalments`, () => {
  it('two misses keep the membership active, the next due day still dueOn()', async () => {
    const start = '2027-02-05';
    const { userId, membershipId } = await member(start, 6, 1);
    for (const seq of [2, 3]) {
      const { answer } = await ges.instalment(userId, membershipId, seq, SPOT, at(dueOn(start, seq)));
      expect(answer.outcome).toBe('missed');
    }
    expect(await ges.membership(membershipId)).toMatchObject({
      status: 'active',
      paidCount: 1,
      missedCount: GES_MISSES_TO_LAPSE - 1,
      nextDueOn: dueOn(start, 4),
    });
  });

  it(`exactly ${GES_MISSES_TO_LAPSE} consecutive misses lapse it: grams to the GSA, no bonus, nothing more taken`, async () => {
    const start = '2027-02-05';
    const { userId, membershipId } = await member(start, 8, 1, 3);
    const held = await ges.paidGrams(membershipId);
    const outcomes: string[] = [];
    for (let seq = 2; seq <= 1 + GES_MISSES_TO_LAPSE; seq++)
      outcomes.push(
        String((await ges.instalment(userId, membershipId, seq, SPOT, at(dueOn(start, seq)))).answer.outcome),
      );
    expect(outcomes).toEqual([...Array(GES_MISSES_TO_LAPSE - 1).fill('missed'), 'lapsed']);
    expect(await ges.membership(membershipId)).toMatchObject({
      status: 'lapsed',
      missedCount: GES_MISSES_TO_LAPSE,
      nextDueOn: null,
      bonusGrams: null,
    });
    expect(await k.balance(userId, 'GOLD', 'ges')).toBe(0n);
    expect(await k.balance(userId, 'GOLD', 'available')).toBe(held);
    // Money arriving afterwards is not taken: the next instalment is not due any more.
    await k.deposit(userId, INSTALMENT);
    const next = GES_MISSES_TO_LAPSE + 2;
    const { answer } = await ges.instalment(userId, membershipId, next, SPOT, at(dueOn(start, next)));
    expect(answer.outcome).toBe('not_due');
    expect(await k.balance(userId, 'USDT', 'available')).toBe(INSTALMENT);
    // Each lifecycle mail owed through outbox_owe, in the operation's transaction.
    const mails = await k.rows(
      `SELECT payload->>'event' AS event, (payload->>'seq')::int AS seq FROM outbox_messages
        WHERE kind = 'ges.lifecycle' AND payload->>'membershipId' = $1 ORDER BY seq`,
      [membershipId],
    );
    expect(mails.map((m) => `${String(m.event)}:${String(m.seq)}`)).toEqual([
      'joined:1',
      'missed:2',
      'missed:3',
      'lapsed:4',
    ]);
  });

  it('non-consecutive misses count too: paid, missed, paid, missed, missed lapses at the third miss', async () => {
    const start = '2027-06-12';
    const { userId, membershipId } = await member(start, 10, 1);
    const plan = ['missed', 'paid', 'missed', 'missed'];
    const outcomes: string[] = [];
    for (const [i, what] of plan.entries()) {
      const seq = i + 2;
      if (what === 'paid') await k.deposit(userId, INSTALMENT);
      outcomes.push(
        String((await ges.instalment(userId, membershipId, seq, SPOT, at(dueOn(start, seq)))).answer.outcome),
      );
    }
    expect(outcomes).toEqual(['missed', 'paid', 'missed', 'lapsed']);
    expect(await ges.membership(membershipId)).toMatchObject({ status: 'lapsed', paidCount: 2, missedCount: 3 });
    expect(await k.balance(userId, 'GOLD', 'available')).toBe(await ges.paidGrams(membershipId));
  });

  it('a third miss on the last instalment lapses (no bonus) rather than maturing', async () => {
    const start = '2027-06-12';
    const { userId, membershipId } = await member(start, 4, 1, 2);
    const outcomes: string[] = [];
    for (const seq of [2, 3, 4])
      outcomes.push(
        String((await ges.instalment(userId, membershipId, seq, SPOT, at(dueOn(start, seq)))).answer.outcome),
      );
    expect(outcomes).toEqual(['missed', 'missed', 'lapsed']);
    expect(await ges.membership(membershipId)).toMatchObject({ status: 'lapsed', bonusGrams: null });
  });

  it('two misses with the last instalment missed mature it (missed_matured), bonus kept', async () => {
    const start = '2027-06-12';
    const { userId, membershipId } = await member(start, 3, 1, 1);
    const outcomes: string[] = [];
    for (const seq of [2, 3])
      outcomes.push(
        String((await ges.instalment(userId, membershipId, seq, SPOT, at(dueOn(start, seq)))).answer.outcome),
      );
    expect(outcomes).toEqual(['missed', 'missed_matured']);
    const m = await ges.membership(membershipId);
    expect(m).toMatchObject({ status: 'matured', missedCount: 2 });
    expect(m.bonusGrams).toBe(await ges.paidGrams(membershipId));
  });

  it('an instalment is taken once: the same seq again is a duplicate, a seq out of turn is not due', async () => {
    const start = '2027-06-12';
    const { userId, membershipId } = await member(start, 6, 3);
    expect((await ges.instalment(userId, membershipId, 3, SPOT, at(dueOn(start, 3)))).answer.outcome).toBe('not_due');
    expect((await ges.instalment(userId, membershipId, 2, SPOT, at(dueOn(start, 2)))).answer.outcome).toBe('paid');
    // The passbook row exists, but paid_count moved on: the kernel sees seq 2 as not the next one.
    expect((await ges.instalment(userId, membershipId, 2, SPOT, at(dueOn(start, 2)))).answer.outcome).toBe('not_due');
    expect(await ges.membership(membershipId)).toMatchObject({ paidCount: 2, missedCount: 0 });
  });
});

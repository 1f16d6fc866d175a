import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AdminGesGroup, GesQuote } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get } from '../../test/factories.js';
import { gesKit, gesStartDate, startedGesDate } from '../../test/ges.js';
import { DEFAULT_OPERATOR, buildWithOperator } from '../../test/operator.js';

/*
 * The operator's "edit before start" (PATCH /admin/ges/groups/{id}): a draft, or an open group
 * nobody joined before its start date, takes any of its terms with creation's rules; once a
 * member joined or the start date came, the terms are frozen. Each change and its audit row
 * (old and new values) commit together; each refusal leaves group and audit log as they were.
 */

let t: TestApp;
let operatorToken: string;
let kit: ReturnType<typeof gesKit>;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator());
  kit = gesKit(t, () => operatorToken);
}, 120_000);
afterAll(async () => t.close());

const edit = (groupId: string, body: unknown, token: string | null = operatorToken) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/ges/groups/${groupId}`,
    payload: body as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** A day of next month (1-28): always after today, and a day every month has. */
const nextMonth = (day = 1) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day)).toISOString().slice(0, 10);
};

/** The group as the operator's list shows it. */
async function adminGroup(id: string) {
  const list = (await get(t.app, '/admin/ges/groups?pageSize=100', operatorToken)).json<{ data: AdminGesGroup[] }>()
    .data;
  return list.find((g) => g.id === id)!;
}

async function editAudits(groupId: string) {
  const rows = await t.database.executeSql(
    `SELECT a.detail, u.email FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.action = 'ges.group.edit' AND a.detail LIKE $1 ORDER BY a.created_at`,
    [`%(${groupId})%`],
  );
  return rows.rows as { detail: string; email: string | null }[];
}

/** A refusal's answer, and proof that the group and its audit trail are as they were. */
async function expectRefusedUnchanged(
  groupId: string,
  body: unknown,
  status: number,
  message: string | RegExp,
  token: string | null = operatorToken,
) {
  const [group, audits] = await Promise.all([adminGroup(groupId), editAudits(groupId)]);
  const res = await edit(groupId, body, token);
  expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
  expect(res.json().error).toMatchObject({ status, message: expect.stringMatching(message) });
  expect(await adminGroup(groupId)).toEqual(group);
  expect(await editAudits(groupId)).toEqual(audits);
}

describe('group savings (GES): editing a group before it starts', () => {
  it('changes every term of a draft, answers the group as it now is and audits old and new values', async () => {
    const draft = await kit.create({ name: 'Spring circle', memberCap: 2, bonusInstalments: 1 });
    // Never the draft's own start (which is the 1st of next month on the 29th-31st).
    const start = nextMonth(15);
    const res = await edit(draft.id, {
      name: '  Summer circle ',
      instalmentUsdt: '250.5',
      termMonths: 6,
      memberCap: 12,
      startDate: start,
      bonusInstalments: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<{ group: AdminGesGroup }>().group;
    expect(edited).toMatchObject({
      id: draft.id,
      status: 'draft',
      name: 'Summer circle',
      instalmentUsdt: '250.5',
      termMonths: 6,
      memberCap: 12,
      seatsLeft: 12,
      startDate: start,
      bonusInstalments: 2,
      documentId: draft.documentId,
      documentVersion: 1,
    });
    // Maturity follows the new start and term: instalment 6 falls five months after the start.
    const [y, m] = start.split('-').map(Number) as [number, number];
    expect(edited.maturityDate).toBe(new Date(Date.UTC(y, m - 1 + 5, 15)).toISOString().slice(0, 10));
    expect(await adminGroup(draft.id)).toEqual(edited);

    expect(await editAudits(draft.id)).toEqual([
      {
        email: DEFAULT_OPERATOR.email,
        detail:
          `Spring circle (${draft.id}): name "Spring circle" -> "Summer circle"; instalmentUsdt 100 USDT -> 250.5 USDT; ` +
          `termMonths 4 -> 6; memberCap 2 -> 12; startDate ${draft.startDate} -> ${start}; bonusInstalments 1 -> 2`,
      },
    ]);
    const stored = await t.database.executeSql(`SELECT instalment_usdt::text AS v FROM ges_groups WHERE id = $1`, [
      draft.id,
    ]);
    expect(stored.rows).toEqual([{ v: '250500000000000000000' }]);

    // The same values again change nothing, so nothing is audited.
    const same = await edit(draft.id, { instalmentUsdt: '250.50', termMonths: 6 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().group).toEqual(edited);
    expect(await editAudits(draft.id)).toHaveLength(1);
  });

  it('keeps the terms it is not given (the bonus is not set back to its default)', async () => {
    const draft = await kit.create({ bonusInstalments: 3, termMonths: 9 });
    const res = await edit(draft.id, { name: 'Renamed circle' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().group).toMatchObject({ name: 'Renamed circle', bonusInstalments: 3, termMonths: 9 });
    expect((await editAudits(draft.id)).map((a) => a.detail)).toEqual([
      `${draft.name} (${draft.id}): name ${JSON.stringify(draft.name)} -> "Renamed circle"`,
    ]);
  });

  it('edits a draft whose start date has passed, which is how it can still be opened', async () => {
    const draft = await kit.create();
    await t.database.executeSql(`UPDATE ges_groups SET start_date = '2020-01-01' WHERE id = $1`, [draft.id]);
    expect((await kit.send(`/admin/ges/groups/${draft.id}/open`, {}, operatorToken, null)).statusCode).toBe(422);
    const res = await edit(draft.id, { startDate: gesStartDate() });
    expect(res.statusCode, res.body).toBe(200);
    expect((await kit.send(`/admin/ges/groups/${draft.id}/open`, {}, operatorToken, null)).statusCode).toBe(200);
  });

  it('edits an open group nobody joined before its start date; customers then see and join on the new terms', async () => {
    const group = await kit.publish({ startDate: nextMonth(), instalmentUsdt: '100', memberCap: 1 });
    const res = await edit(group.id, { instalmentUsdt: '120', memberCap: 3, termMonths: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().group).toMatchObject({ status: 'open', instalmentUsdt: '120', memberCap: 3, termMonths: 5 });

    const alice = await kit.customer('500');
    expect(await kit.customerGroup(alice.token, group.id)).toMatchObject({
      instalmentUsdt: '120',
      memberCap: 3,
      seatsLeft: 3,
      termMonths: 5,
      joinable: true,
    });
    const joined = await kit.join(alice.token, group);
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await kit.balances(alice.token)).USDT.available).toBe('380');
    expect((await kit.detail(alice.token, group.id)).membership!.passbook[0]).toMatchObject({ amountUsdt: '120' });
    await kit.ledgerIsSound();
  });

  it('refuses once a member joined (409): group, audit log and the member’s money stay as they were', async () => {
    const group = await kit.publish({ startDate: nextMonth(), memberCap: 3 });
    const member = await kit.customer('500');
    expect((await kit.join(member.token, group)).statusCode).toBe(200);
    const before = await kit.footprint(member);
    for (const body of [
      { instalmentUsdt: '150' },
      { memberCap: 10 },
      { name: 'Other name' },
      { startDate: nextMonth() },
    ])
      await expectRefusedUnchanged(
        group.id,
        body,
        409,
        'This group has members or has started: its terms can no longer change.',
      );
    expect(await kit.footprint(member)).toEqual(before);
  });

  it('refuses an open group from its start date on, and a closed group (409); nothing changes', async () => {
    // The start date is the first instalment's day: on it the group has started.
    const today = await kit.publish({ startDate: nextMonth() });
    await t.database.executeSql(`UPDATE ges_groups SET start_date = $2 WHERE id = $1`, [today.id, startedGesDate()]);
    await expectRefusedUnchanged(
      today.id,
      { termMonths: 8 },
      409,
      'This group has members or has started: its terms can no longer change.',
    );
    const past = await kit.publish({ startDate: nextMonth() });
    await t.database.executeSql(`UPDATE ges_groups SET start_date = start_date - 45 WHERE id = $1`, [past.id]);
    await expectRefusedUnchanged(
      past.id,
      { name: 'Late' },
      409,
      'This group has members or has started: its terms can no longer change.',
    );

    const closed = await kit.create();
    expect((await kit.send(`/admin/ges/groups/${closed.id}/close`, {}, operatorToken, null)).statusCode).toBe(200);
    await expectRefusedUnchanged(
      closed.id,
      { memberCap: 9 },
      409,
      'This group is closed: its terms can no longer change.',
    );
  });

  it('refuses a join priced before the instalment changed (409) and moves nothing; a new quote joins', async () => {
    const group = await kit.publish({ startDate: nextMonth() });
    const c = await kit.customer('500');
    const before = await kit.footprint(c);
    const stale = (await kit.quote(c.token, group.id)).json<GesQuote>();
    expect(stale.amountUsdt).toBe('100');
    expect((await edit(group.id, { instalmentUsdt: '110' })).statusCode).toBe(200);

    const refused = await kit.joinAt(c.token, group, stale.quoteId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(
      "This group's instalment has changed since your quote. Ask for a new quote to see the new terms.",
    );
    expect(await kit.footprint(c)).toEqual(before);

    const fresh = await kit.quote(c.token, group.id);
    expect(fresh.json<GesQuote>().amountUsdt).toBe('110');
    const joined = await kit.joinAt(c.token, group, fresh.json<GesQuote>().quoteId);
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await kit.balances(c.token)).USDT.available).toBe('390');
    await kit.ledgerIsSound();
  });

  it('lets an edit and a join race without either slipping past the other', async () => {
    // Both lock the group row: the join wins and the edit finds a member, or the edit wins and
    // the join finds its quote priced at the old instalment. Never both.
    for (let round = 0; round < 4; round++) {
      const group = await kit.publish({ startDate: nextMonth(), instalmentUsdt: '100' });
      const c = await kit.customer('500');
      const quoteId = (await kit.quote(c.token, group.id)).json<GesQuote>().quoteId;
      const [edited, joined] = await Promise.all([
        edit(group.id, { instalmentUsdt: '150' }),
        kit.joinAt(c.token, group, quoteId),
      ]);
      expect([edited.statusCode, joined.statusCode].sort(), `${edited.body} ${joined.body}`).toEqual([200, 409]);
      const now = await adminGroup(group.id);
      if (joined.statusCode === 200) {
        expect(edited.json().error.message).toMatch(/has members/);
        expect(now).toMatchObject({ instalmentUsdt: '100', membersCount: 1 });
        expect((await kit.balances(c.token)).USDT.available).toBe('400');
        expect(await editAudits(group.id)).toEqual([]);
      } else {
        expect(joined.json().error.message).toMatch(/instalment has changed/);
        expect(now).toMatchObject({ instalmentUsdt: '150', membersCount: 0 });
        expect((await kit.balances(c.token)).USDT.available).toBe('500');
        expect(await editAudits(group.id)).toHaveLength(1);
      }
    }
    await kit.ledgerIsSound();
  });

  it('is the operator’s alone, needs a known group and at least one term; each field keeps its creation rule', async () => {
    const group = await kit.create();
    const customer = await kit.customer('0');
    await expectRefusedUnchanged(group.id, { name: 'Mine now' }, 403, /.+/, customer.token);
    await expectRefusedUnchanged(group.id, { name: 'Mine now' }, 401, /.+/, null);

    const unknown = await edit(randomUUID(), { name: 'Ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Group not found.');
    const junkId = await edit('not-a-group', { name: 'Ghost' });
    expect(junkId.statusCode).toBe(400);
    expect(junkId.json().error.message).toMatch(/Group not found/);

    const nothing =
      'Change at least one term: name, instalmentUsdt, termMonths, memberCap, startDate, bonusInstalments.';
    await expectRefusedUnchanged(group.id, {}, 422, nothing);
    // Unknown fields are not terms: they are dropped, which leaves nothing to change.
    await expectRefusedUnchanged(group.id, { agreement: { title: 'x', text: 'y' }, status: 'open' }, 422, nothing);

    // Rules the document states: 400, with the field's own message.
    for (const [body, message] of [
      [{ name: '   ' }, /Name is required/],
      [{ name: 'x'.repeat(81) }, /At most 80 characters/],
      [{ instalmentUsdt: 150 }, /.+/],
      [{ instalmentUsdt: '1e3' }, /Enter an amount like 12.5/],
      [{ termMonths: 1 }, /The term is 2 to 60 months/],
      [{ termMonths: 61 }, /The term is 2 to 60 months/],
      [{ termMonths: 2.5 }, /whole number of months/],
      [{ memberCap: 0 }, /The member cap is 1 to 10,000/],
      [{ bonusInstalments: 4 }, /The bonus is 0 to 3 instalments/],
      [{ startDate: '1 March' }, /startDate is a day, YYYY-MM-DD/],
      [{ name: 'Fine', termMonths: 'six' }, /termMonths must be a number/],
    ] as const)
      await expectRefusedUnchanged(group.id, body, 400, message);

    // Rules only the server can check: 422, at the field.
    for (const [body, message] of [
      [{ startDate: '2020-01-01' }, /cannot be in the past/],
      [{ startDate: '2099-01-29' }, /from 1 to 28/],
      [{ startDate: '2099-02-30' }, /not a calendar day/],
      [{ instalmentUsdt: '9.99' }, /at least 10 USDT/],
    ] as const) {
      const res = await edit(group.id, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.message).toMatch(message);
      expect(res.json().error.details.field).toBe(Object.keys(body)[0]);
    }
    expect(await adminGroup(group.id)).toMatchObject({ name: group.name, instalmentUsdt: '100', termMonths: 4 });
    expect(await editAudits(group.id)).toEqual([]);
  });
});

describe("the operator's group list pages by key (issue 22)", () => {
  it('walks every group newest first, a page stable while new groups arrive, with bad cursors refused', async () => {
    type Page = { data: AdminGesGroup[]; nextCursor: string | null };
    const page = async (cursor: string | null) => {
      const res = await get(t.app, `/admin/ges/groups?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`, operatorToken);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>();
    };
    const ours: AdminGesGroup[] = [];
    for (let i = 0; i < 5; i++) ours.push(await kit.create());
    const ids = new Set(ours.map((g) => g.id));

    const seen: AdminGesGroup[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current: Page = await page(cursor);
      expect(current.data.length).toBeLessThanOrEqual(2);
      seen.push(...current.data);
      cursor = current.nextCursor;
      // A group created between pages sorts before the cursor: it shows in no later page.
      if (pages++ === 0) ids.add((await kit.create()).id);
    } while (cursor && seen.filter((g) => ids.has(g.id)).length < ours.length && pages < 50);
    expect(seen.filter((g) => ids.has(g.id)).map((g) => g.id)).toEqual(ours.map((g) => g.id).reverse());
    expect(new Set(seen.map((g) => g.id)).size).toBe(seen.length);
    // The first page's groups carry their current agreement (read for the page at once).
    expect(seen[0]!.documentVersion).toBe(1);

    expect((await get(t.app, '/admin/ges/groups?cursor=nope', operatorToken)).statusCode).toBe(400);
    expect((await get(t.app, '/admin/ges/groups?pageSize=0', operatorToken)).statusCode).toBe(400);
  });
});

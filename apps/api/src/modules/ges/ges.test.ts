import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import { GES_MISSES_TO_LAPSE, type AdminGesGroup, type GesDocument, type GesQuote } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { gesKit, passedGesDate } from '../../test/ges.js';
import { DEFAULT_OPERATOR, buildWithOperator } from '../../test/operator.js';
import { PNG_1X1, multipartBody, type UploadFile } from '../../test/uploads.js';

/*
 * Group savings through the API: the operator's lifecycle (draft, agreement pasted or uploaded,
 * open, close; each audited) and every way a join is refused, each leaving balances, ledger
 * and memberships as they were. The whole term is ges.term.test.ts.
 */

let t: TestApp;
let operatorToken: string;
let kit: ReturnType<typeof gesKit>;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator());
  kit = gesKit(t, () => operatorToken);
}, 120_000);
afterAll(async () => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const sha256 = (title: string, text: string) => createHash('sha256').update(`${title}\n\n${text}`).digest('hex');

async function upload(groupId: string, title: string, file: UploadFile, token = operatorToken) {
  const { payload, headers } = await multipartBody({ title }, { file });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/ges/groups/${groupId}/agreement/file`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

/** The audit trail of one group, oldest first. */
async function auditOf(groupId: string) {
  const rows = await t.database.executeSql(
    `SELECT action, detail FROM audit_log WHERE action LIKE 'ges.group.%' AND detail LIKE $1 ORDER BY created_at, action`,
    [`%(${groupId})%`],
  );
  return rows.rows as { action: string; detail: string }[];
}

describe('group savings (GES): the operator', () => {
  it("at start the module writes the contracts' GES_MISSES_TO_LAPSE for the SQL that lapses a membership", async () => {
    const { rows } = await t.database.executeSql(
      `SELECT value FROM platform_settings WHERE key = 'ges_misses_to_lapse'`,
    );
    expect(rows).toEqual([{ value: String(GES_MISSES_TO_LAPSE) }]);
  });

  it('checks what a group may be; only operators may create one', async () => {
    const customerSession = await kit.customer('0');
    expect((await kit.send('/admin/ges/groups', kit.groupInput(), customerSession.token, null)).statusCode).toBe(403);
    for (const [overrides, message] of [
      [{ startDate: '2020-01-01' }, /past/],
      [{ startDate: '2099-01-29' }, /from 1 to 28/],
      [{ instalmentUsdt: '5' }, /at least 10 USDT/],
      [{ startDate: '2099-02-30' }, /calendar day/],
    ] as const) {
      const res = await kit.send('/admin/ges/groups', kit.groupInput(overrides), operatorToken, null);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.message).toMatch(message);
    }
    expect(
      (await kit.send('/admin/ges/groups', kit.groupInput({ termMonths: 1 }), operatorToken, null)).statusCode,
    ).toBe(400);
  });

  it('creates a draft no customer sees, adds an uploaded agreement, opens, versions and closes it; all audited', async () => {
    const alice = await kit.customer('500');
    const draft = await kit.create({ agreement: undefined });
    expect(draft).toMatchObject({ status: 'draft', documentId: null, documentVersion: null, membersCount: 0 });

    // A draft is the operator's alone.
    expect(await kit.customerGroup(alice.token, draft.id)).toBeUndefined();
    expect((await get(t.app, `/ges/groups/${draft.id}`, alice.token)).statusCode).toBe(404);
    expect((await kit.quote(alice.token, draft.id)).statusCode).toBe(404);

    // No agreement, no opening.
    const early = await kit.send(`/admin/ges/groups/${draft.id}/open`, {}, operatorToken, null);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe("Add the group's agreement before opening it.");

    // The agreement uploaded as a Markdown file: stored as uploaded (no byte-order mark), hashed as stored.
    const markdown =
      '# Gold circle\r\n\r\nEach member pays **100 USDT** a month.\n\n- Three missed instalments end it.\n';
    const uploaded = await upload(draft.id, 'Gold circle agreement', {
      data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(markdown)]),
      filename: 'agreement.md',
      type: 'text/markdown',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const v1 = uploaded.json<{ group: AdminGesGroup }>().group;
    expect(v1).toMatchObject({ status: 'draft', documentVersion: 1 });

    const opened = await kit.send(`/admin/ges/groups/${draft.id}/open`, {}, operatorToken, null);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().group).toMatchObject({ status: 'open', documentId: v1.documentId });
    const again = await kit.send(`/admin/ges/groups/${draft.id}/open`, {}, operatorToken, null);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This group is already open.');

    // Customers now see it, and read the agreement exactly as uploaded, with the hash of that text.
    expect(await kit.customerGroup(alice.token, draft.id)).toMatchObject({ joinable: true, seatsLeft: 2 });
    const doc = (await get(t.app, `/ges/documents/${v1.documentId}`, alice.token)).json<GesDocument>();
    expect(doc).toMatchObject({ version: 1, title: 'Gold circle agreement', text: markdown, current: true });
    expect(doc.sha256).toBe(sha256(doc.title, doc.text));

    // A pasted version 2.
    const pasted = await kit.send(
      `/admin/ges/groups/${draft.id}/agreement`,
      { title: 'Gold circle agreement', text: 'Version 2.' },
      operatorToken,
      null,
    );
    expect(pasted.statusCode).toBe(200);
    const v2 = pasted.json<{ group: AdminGesGroup }>().group;
    expect(v2.documentVersion).toBe(2);
    const v2doc = (await get(t.app, `/ges/documents/${v2.documentId}`, alice.token)).json<GesDocument>();
    expect(v2doc.sha256).toBe(sha256('Gold circle agreement', 'Version 2.'));
    expect((await get(t.app, `/ges/documents/${v1.documentId}`, alice.token)).json().current).toBe(false);

    const closed = await kit.send(`/admin/ges/groups/${draft.id}/close`, {}, operatorToken, null);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().group.status).toBe('closed');
    expect((await kit.send(`/admin/ges/groups/${draft.id}/close`, {}, operatorToken, null)).statusCode).toBe(409);
    const reopen = await kit.send(`/admin/ges/groups/${draft.id}/open`, {}, operatorToken, null);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error.message).toBe('A closed group cannot be reopened.');
    const late = await kit.send(
      `/admin/ges/groups/${draft.id}/agreement`,
      { title: 'Too late', text: 'Version 3.' },
      operatorToken,
      null,
    );
    expect(late.statusCode).toBe(409);

    expect(await auditOf(draft.id)).toEqual([
      { action: 'ges.group.create', detail: expect.stringContaining('draft') },
      {
        action: 'ges.group.agreement',
        detail: expect.stringContaining(`version 1, sha256 ${doc.sha256}`),
      },
      { action: 'ges.group.open', detail: expect.stringContaining(draft.name) },
      {
        action: 'ges.group.agreement',
        detail: expect.stringContaining(`version 2, sha256 ${v2doc.sha256}`),
      },
      { action: 'ges.group.close', detail: expect.stringContaining(draft.name) },
    ]);
    // Every audit row names the operator who acted.
    const actors = await t.database.executeSql(
      `SELECT DISTINCT u.email FROM audit_log a JOIN users u ON u.id = a.actor_id WHERE a.detail LIKE $1`,
      [`%(${draft.id})%`],
    );
    expect(actors.rows).toEqual([{ email: DEFAULT_OPERATOR.email }]);
  });

  it('refuses an upload that is not a text or Markdown file, too large, empty, or not the operator’s; nothing changes', async () => {
    const group = await kit.create();
    const text = (data: string | Buffer, type = 'text/plain', filename = 'agreement.txt') => ({
      data: typeof data === 'string' ? Buffer.from(data) : data,
      filename,
      type,
    });
    for (const [file, status, message] of [
      [text(PNG_1X1, 'image/png', 'agreement.png'), 415, /text or Markdown file/],
      [text('%PDF-1.7 agreement', 'application/pdf', 'agreement.pdf'), 415, /text or Markdown file/],
      [text(Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x0a])), 415, /not UTF-8 text/],
      [text('Clause 1\u0000Clause 2'), 415, /control characters/],
      [text(' \n\t\n'), 422, /empty/],
      [text('x'.repeat(50_001)), 422, /more than 50,000 characters/],
      [text('x'.repeat(200_001)), 413, /larger than 200 KB/],
    ] as const) {
      const res = await upload(group.id, 'Agreement', file);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    // A Markdown file some browsers send without a type is taken by its name.
    const untyped = await upload(group.id, 'Agreement', text('Clause 1.', 'application/octet-stream', 'terms.md'));
    expect(untyped.statusCode, untyped.body).toBe(200);
    expect(untyped.json().group.documentVersion).toBe(2);
    expect((await upload(group.id, '', text('Clause 1.'))).statusCode).toBe(400);
    const customerSession = await kit.customer('0');
    expect((await upload(group.id, 'Agreement', text('Clause 1.'), customerSession.token)).statusCode).toBe(403);
    expect((await upload(randomUUID(), 'Agreement', text('Clause 1.'))).statusCode).toBe(404);

    // Only the one accepted upload left a version and an audit row.
    const versions = await t.database.executeSql(`SELECT version FROM ges_documents WHERE group_id = $1`, [group.id]);
    expect(versions.rows).toHaveLength(2);
    expect((await auditOf(group.id)).map((r) => r.action)).toEqual(['ges.group.create', 'ges.group.agreement']);
  });

  it('does not open a draft whose start date has passed', async () => {
    const draft = await kit.create();
    await t.database.executeSql(`UPDATE ges_groups SET start_date = $2 WHERE id = $1`, [draft.id, '2020-01-01']);
    const res = await kit.send(`/admin/ges/groups/${draft.id}/open`, {}, operatorToken, null);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/start date has passed/);
    expect((await auditOf(draft.id)).map((r) => r.action)).toEqual(['ges.group.create']);
  });
});

describe('group savings (GES): joining refused', () => {
  it('refuses a short balance (422) and moves nothing', async () => {
    const group = await kit.publish();
    const poor = await kit.customer('99.99');
    const before = await kit.footprint(poor);
    const quoted = await kit.quote(poor.token, group.id);
    expect(quoted.statusCode).toBe(200);
    const res = await kit.joinAt(poor.token, group, quoted.json<GesQuote>().quoteId);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      name: 'InsufficientFundsError',
      message: 'Insufficient USDT balance for the first instalment.',
    });
    expect(await kit.footprint(poor)).toEqual(before);
    expect((await kit.customerGroup(poor.token, group.id))!.membersCount).toBe(0);
    await kit.ledgerIsSound();
  });

  it("refuses another group's or an unknown agreement (404) and moves nothing", async () => {
    const group = await kit.publish();
    const other = await kit.publish();
    const c = await kit.customer('500');
    const before = await kit.footprint(c);
    const quoteId = (await kit.quote(c.token, group.id)).json<GesQuote>().quoteId;
    for (const documentId of [other.documentId, randomUUID()]) {
      const res = await kit.send(`/ges/groups/${group.id}/join`, { documentId, accept: true, quoteId }, c.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe("This agreement is not one of this group's.");
    }
    expect(await kit.footprint(c)).toEqual(before);
  });

  it('refuses a join once the group was closed after the quote (409) and moves nothing', async () => {
    const group = await kit.publish();
    const c = await kit.customer('500');
    const before = await kit.footprint(c);
    const quoteId = (await kit.quote(c.token, group.id)).json<GesQuote>().quoteId;
    expect((await kit.send(`/admin/ges/groups/${group.id}/close`, {}, operatorToken, null)).statusCode).toBe(200);
    const res = await kit.send(
      `/ges/groups/${group.id}/join`,
      { documentId: group.documentId, accept: true, quoteId },
      c.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This group is closed to new members.');
    expect(await kit.footprint(c)).toEqual(before);
  });

  it('tells a non-member a closed group is closed (409, not 404) on the quote and the join page', async () => {
    const group = await kit.publish({ memberCap: 3 });
    const [member, outsider] = await Promise.all([kit.customer('500'), kit.customer('500')]);
    expect((await kit.join(member.token, group)).statusCode).toBe(200);
    expect((await kit.send(`/admin/ges/groups/${group.id}/close`, {}, operatorToken, null)).statusCode).toBe(200);
    const before = await kit.footprint(outsider);
    for (const res of [
      await kit.quote(outsider.token, group.id),
      await get(t.app, `/ges/groups/${group.id}`, outsider.token),
      await get(t.app, `/ges/documents/${group.documentId}`, outsider.token),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe('This group is closed to new members.');
    }
    expect(await kit.footprint(outsider)).toEqual(before);
    // Its member still sees the group and the passbook, and it stays in their list.
    const mine = await kit.detail(member.token, group.id);
    expect(mine).toMatchObject({ group: { status: 'closed', joinable: false }, membership: { status: 'active' } });
    expect(await kit.customerGroup(member.token, group.id)).toBeDefined();
    expect(await kit.customerGroup(outsider.token, group.id)).toBeUndefined();
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/ges/groups/${group.id}/passbook.pdf`,
      headers: { authorization: `Bearer ${outsider.token}` },
    });
    expect(pdf.statusCode).toBe(409);
  });

  it('lets one of two customers take the last seat; refuses the full group on the quote and the join; moves nothing', async () => {
    const group = await kit.publish({ memberCap: 1 });
    const [a, b] = await Promise.all([kit.customer('500'), kit.customer('500')]);
    const [qa, qb] = await Promise.all([a, b].map(async (s) => (await kit.quote(s.token, group.id)).json<GesQuote>()));
    const results = await Promise.all(
      [
        [a, qa!],
        [b, qb!],
      ].map(([s, q]) => kit.joinAt((s as { token: string }).token, group, (q as GesQuote).quoteId)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results[0]!.statusCode === 409 ? a : b;
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toBe('This group is full.');
    expect((await kit.balances(loser.token)).USDT.available).toBe('500');
    expect((await kit.balances(loser.token)).GOLD.ges).toBe('0');

    const c = await kit.customer('500');
    const before = await kit.footprint(c);
    const full = await kit.quote(c.token, group.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('This group is full.');
    const blind = await kit.joinAt(c.token, group, randomUUID());
    expect(blind.statusCode).toBe(409);
    expect(blind.json().error.message).toBe('This group is full.');
    expect(await kit.customerGroup(c.token, group.id)).toMatchObject({ seatsLeft: 0, joinable: false });
    expect(await kit.footprint(c)).toEqual(before);
    await kit.ledgerIsSound();
  });

  it('refuses joining twice, a started group, a draft, an unverified customer and junk; moves nothing', async () => {
    const group = await kit.publish({ memberCap: 5 });
    const c = await kit.customer('500');
    expect((await kit.join(c.token, group)).statusCode).toBe(200);
    const afterJoin = await kit.footprint(c);
    const requote = await kit.quote(c.token, group.id);
    expect(requote.statusCode).toBe(409);
    expect(requote.json().error.message).toBe('You are already a member of this group.');
    const twice = await kit.joinAt(c.token, group, randomUUID());
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You are already a member of this group.');
    expect(await kit.footprint(c)).toEqual(afterJoin);

    // A group whose start day has passed takes no new members.
    const started = await kit.publish();
    await t.database.executeSql(`UPDATE ges_groups SET start_date = $2 WHERE id = $1`, [started.id, passedGesDate()]);
    const late = await kit.quote(c.token, started.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/has started/);

    // A draft is unknown to customers, even with its ids.
    const draft = await kit.create();
    const intoDraft = await kit.joinAt(c.token, draft, randomUUID());
    expect(intoDraft.statusCode).toBe(404);
    expect(intoDraft.json().error.message).toBe('Group not found.');
    expect((await get(t.app, `/ges/documents/${draft.documentId}`, c.token)).statusCode).toBe(404);

    expect((await get(t.app, `/ges/groups/${randomUUID()}`, c.token)).statusCode).toBe(404);
    expect((await get(t.app, '/ges/groups/nope', c.token)).statusCode).toBe(400);
    expect(
      (await kit.send(`/ges/groups/${group.id}/join`, { documentId: group.documentId, accept: false }, c.token))
        .statusCode,
    ).toBe(400);
    const unverified = await signedInUser(t.app);
    expect((await kit.quote(unverified.token, group.id)).statusCode).toBe(403);
    expect(await kit.footprint(c)).toEqual(afterJoin);
    expect(today() <= group.startDate).toBe(true);
    await kit.ledgerIsSound();
  });
});

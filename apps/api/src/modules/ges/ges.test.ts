import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  toUnits,
  type BalancesResponse,
  type GesDocument,
  type GesGroup,
  type GesGroupDetail,
  type GesQuote,
  type MailboxMessage,
} from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { DEFAULT_OPERATOR } from '../../test/operator.js';
import { dueOn } from './ges.rules.js';

/*
 * Group savings through the API with a controlled clock for the instalment job: publish, join,
 * instalments over the whole term, a member who misses three and lapses, one who matures with
 * the bonus; every passbook line against the ledger.
 */

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  t = await build({ operator: DEFAULT_OPERATOR });
  operatorToken = (
    await post(t.app, '/auth/local', { identifier: DEFAULT_OPERATOR.email, password: DEFAULT_OPERATOR.password })
  ).json().jwt;
}, 120_000);
afterAll(async () => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const send = (url: string, body: unknown, token: string, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
const balances = async (token: string) => (await get(t.app, '/balances', token)).json<BalancesResponse>();
const g = (v: string) => toUnits(v, 'GOLD');

async function customer(usdt: string) {
  const session = await signedInUser(t.app);
  await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${session.user.id}'`);
  if (usdt !== '0') {
    const answer = await t.app.services.money.execute({
      kind: 'deposit',
      userId: session.user.id,
      txHash: `0x${randomBytes(32).toString('hex')}`,
      logIndex: 0,
      amount: toUnits(usdt, 'USDT').toString(),
      blockNumber: '1',
      code: `DP-${randomBytes(5).toString('hex').toUpperCase()}`,
    });
    expect(answer.status).toBe(200);
  }
  return session;
}

const groupInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Gold circle ${randomBytes(3).toString('hex')}`,
  instalmentUsdt: '100',
  termMonths: 4,
  memberCap: 2,
  startDate: today(),
  bonusInstalments: 1,
  agreement: { title: 'Gold circle agreement', text: 'Each member pays 100 USDT a month for 4 months.' },
  ...overrides,
});

async function publish(overrides: Record<string, unknown> = {}) {
  const res = await send('/admin/ges/groups', groupInput(overrides), operatorToken, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ group: GesGroup }>().group;
}

async function join(token: string, group: { id: string; documentId: string }) {
  const quote = await send(`/ges/groups/${group.id}/quote`, {}, token, null);
  if (quote.statusCode !== 200) return quote;
  const q = quote.json<GesQuote>();
  return send(
    `/ges/groups/${group.id}/join`,
    { documentId: group.documentId, accept: true, quoteId: q.quoteId },
    token,
  );
}

const detail = async (token: string, id: string) =>
  (await get(t.app, `/ges/groups/${id}`, token)).json<GesGroupDetail>();

async function ledgerIsSound() {
  const check = (await get(t.app, '/admin/ledger/check', operatorToken)).json();
  expect(check).toMatchObject({ balanced: true, nonNegative: true });
}

describe('group savings (GES)', () => {
  it('the operator publishes with checks; every step is audited; only operators may', async () => {
    const customerSession = await customer('0');
    expect((await send('/admin/ges/groups', groupInput(), customerSession.token, null)).statusCode).toBe(403);
    for (const [overrides, message] of [
      [{ startDate: '2020-01-01' }, /past/],
      [{ startDate: `${today().slice(0, 8)}29` }, /from 1 to 28|past/],
      [{ instalmentUsdt: '5' }, /at least 10 USDT/],
      [{ startDate: '2027-02-30' }, /calendar day/],
    ] as const) {
      const res = await send('/admin/ges/groups', groupInput(overrides), operatorToken, null);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await send('/admin/ges/groups', groupInput({ termMonths: 1 }), operatorToken, null)).statusCode).toBe(400);
    const group = await publish();
    expect(group).toMatchObject({ status: 'open', membersCount: 0, seatsLeft: 2, documentVersion: 1 });
    const audit = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'ges.group.create'`,
    );
    expect((audit.rows[0] as { n: number }).n).toBeGreaterThanOrEqual(1);
  });

  it('runs a whole term: one member matures with the bonus, one misses three and lapses; passbooks agree with the ledger', async () => {
    const group = await publish({ termMonths: 4, memberCap: 2 });
    const alice = await customer('1000');
    const bob = await customer('150');
    const carol = await customer('1000');

    // The agreement, then a new version: joining with the old one is refused.
    const v1 = (await get(t.app, `/ges/documents/${group.documentId}`, alice.token)).json<GesDocument>();
    expect(v1).toMatchObject({ version: 1, current: true, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const v2 = (
      await send(
        `/admin/ges/groups/${group.id}/agreement`,
        { title: 'Gold circle agreement', text: 'Version 2.' },
        operatorToken,
        null,
      )
    ).json<{ group: GesGroup }>().group;
    expect(v2.documentVersion).toBe(2);
    const stale = await join(alice.token, { id: group.id, documentId: group.documentId });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/newer version/);
    expect((await balances(alice.token)).USDT.available).toBe('1000');

    const joined = await join(alice.token, v2);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().transaction).toMatchObject({
      type: 'GES',
      assetIn: 'USDT',
      amountIn: '100',
      assetOut: 'GOLD',
    });
    expect((await join(alice.token, v2)).statusCode).toBe(409); // twice
    expect((await join(bob.token, v2)).statusCode).toBe(200);
    const full = await join(carol.token, v2);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toMatch(/already a member|full/);
    const carolJoin = await send(
      `/ges/groups/${group.id}/join`,
      { documentId: v2.documentId, accept: true, quoteId: randomUUID() },
      carol.token,
    );
    expect(carolJoin.json().error.message).toBe('This group is full.');

    // Another user sees the open group but no membership; the membership is theirs alone.
    expect((await detail(carol.token, group.id)).membership).toBeNull();
    const aliceAfterJoin = await detail(alice.token, group.id);
    expect(aliceAfterJoin.membership).toMatchObject({ status: 'active', paidCount: 1, documentVersion: 2 });
    expect(aliceAfterJoin.membership!.nextDue).toEqual({ seq: 2, dueOn: dueOn(group.startDate, 2), amountUsdt: '100' });

    // The job with a controlled clock: each month, run twice (two processes) at once.
    const runMonth = async (seq: number) => {
      const at = new Date(`${dueOn(group.startDate, seq)}T12:00:00Z`);
      await Promise.all([t.app.services.ges.runInstalments(at), t.app.services.ges.runInstalments(at)]);
      await t.app.services.ges.runInstalments(at);
    };
    for (const seq of [2, 3, 4]) await runMonth(seq);

    const alicePassbook = (await detail(alice.token, group.id)).membership!;
    expect(alicePassbook).toMatchObject({ status: 'matured', paidCount: 4, missedCount: 0, nextDue: null, grams: '0' });
    expect(alicePassbook.passbook.map((l) => [l.seq, l.status, l.dueOn])).toEqual(
      [1, 2, 3, 4].map((seq) => [seq, 'paid', dueOn(group.startDate, seq)]),
    );
    const aliceGrams = alicePassbook.passbook.reduce((sum, l) => sum + g(l.grams!), 0n);
    expect(g(alicePassbook.passbook.at(-1)!.runningGrams)).toBe(aliceGrams);
    // Bonus: one instalment's worth, the average grams per instalment paid.
    expect(g(alicePassbook.bonusGrams!)).toBe(aliceGrams / 4n);
    const aliceBalances = await balances(alice.token);
    expect(aliceBalances.USDT.available).toBe('600');
    expect(g(aliceBalances.GOLD.available)).toBe(aliceGrams + aliceGrams / 4n);
    expect(aliceBalances.GOLD.ges).toBe('0');
    expect((await get(t.app, '/transactions?type=GES', alice.token)).json().total).toBe(4);

    // The passbook as a PDF, for members only.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/ges/groups/${group.id}/passbook.pdf`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const notMine = await t.app.inject({
      method: 'GET',
      url: `/api/ges/groups/${group.id}/passbook.pdf`,
      headers: { authorization: `Bearer ${carol.token}` },
    });
    expect(notMine.statusCode).toBe(404);

    const bobPassbook = (await detail(bob.token, group.id)).membership!;
    expect(bobPassbook).toMatchObject({ status: 'lapsed', paidCount: 1, missedCount: 3, bonusGrams: null });
    expect(bobPassbook.passbook.map((l) => l.status)).toEqual(['paid', 'missed', 'missed', 'missed']);
    const bobBalances = await balances(bob.token);
    expect(bobBalances.USDT.available).toBe('50');
    expect(bobBalances.GOLD.available).toBe(bobPassbook.passbook[0]!.grams);

    // Nothing ran twice: one passbook row per (member, instalment).
    const rows = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM ges_instalments i JOIN ges_memberships m ON m.id = i.membership_id WHERE m.group_id = $1`,
      [group.id],
    );
    expect((rows.rows[0] as { n: number }).n).toBe(8);
    await ledgerIsSound();

    // Bob was told of each miss and of the lapse.
    const subjects = async () =>
      (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(bob.input.email)}`))
        .json<MailboxMessage[]>()
        .map((m) => m.subject);
    for (let i = 0; i < 50 && (await subjects()).length < 5; i++) await new Promise((r) => setTimeout(r, 100));
    const bobMails = await subjects();
    expect(bobMails.filter((s) => s.includes('missed'))).toHaveLength(2);
    expect(bobMails.some((s) => s.includes('has lapsed'))).toBe(true);
  });

  it('lets one of two customers take the last seat; refuses closed, started and unknown groups and junk', async () => {
    const group = await publish({ memberCap: 1 });
    const [a, b] = await Promise.all([customer('500'), customer('500')]);
    const [qa, qb] = await Promise.all(
      [a, b].map(async (s) => (await send(`/ges/groups/${group.id}/quote`, {}, s.token, null)).json<GesQuote>()),
    );
    const results = await Promise.all([
      send(
        `/ges/groups/${group.id}/join`,
        { documentId: group.documentId, accept: true, quoteId: qa!.quoteId },
        a.token,
      ),
      send(
        `/ges/groups/${group.id}/join`,
        { documentId: group.documentId, accept: true, quoteId: qb!.quoteId },
        b.token,
      ),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      (await balances(a.token)).USDT.available === '500' || (await balances(b.token)).USDT.available === '500',
    ).toBe(true);

    const closed = await publish();
    expect((await send(`/admin/ges/groups/${closed.id}/close`, {}, operatorToken, null)).statusCode).toBe(200);
    expect((await send(`/admin/ges/groups/${closed.id}/close`, {}, operatorToken, null)).statusCode).toBe(409);
    const c = await customer('500');
    expect((await send(`/ges/groups/${closed.id}/quote`, {}, c.token, null)).statusCode).toBe(404);
    expect((await get(t.app, `/ges/groups/${closed.id}`, c.token)).statusCode).toBe(404);
    expect((await get(t.app, `/ges/groups/${randomUUID()}`, c.token)).statusCode).toBe(404);
    expect((await get(t.app, '/ges/groups/nope', c.token)).statusCode).toBe(400);
    expect(
      (await send(`/ges/groups/${group.id}/join`, { documentId: group.documentId, accept: false }, c.token)).statusCode,
    ).toBe(400);

    // A group whose start day has passed takes no new members.
    const started = await publish();
    await t.database.executeSql(`UPDATE ges_groups SET start_date = start_date - 1 WHERE id = $1`, [started.id]);
    const late = await send(`/ges/groups/${started.id}/quote`, {}, c.token, null);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/has started/);
    // Unverified customers cannot join.
    const unverified = await signedInUser(t.app);
    expect((await send(`/ges/groups/${group.id}/quote`, {}, unverified.token, null)).statusCode).toBe(403);
    await ledgerIsSound();
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  fromUnits,
  toUnits,
  type GesGroupDetail,
  type GesPassbookLine,
  type MailboxMessage,
  type RewardsResponse,
  type Transaction,
} from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get } from '../../test/factories.js';
import { gesKit } from '../../test/ges.js';
import { buildWithOperator } from '../../test/operator.js';
import { amount } from '../../lib/mail-layout.js';
import { newTransactionCode } from '../transactions/transactions.service.js';
import { dueOn, instalmentFigures } from './ges.rules.js';

/*
 * A whole group term with a controlled clock and price: the instalment job is called with the
 * day of each instalment, and the gold price (the market service's spot, which the job reads)
 * changes every month. On PostgreSQL a second API instance on the same database runs each
 * month's pass at the same time as the first (as gae.auto-save.test.ts does); on PGlite (one
 * connection) two passes of one instance race instead.
 */

let t: TestApp;
let second: TestApp | undefined;
let operatorToken: string;
let kit: ReturnType<typeof gesKit>;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator());
  if (t.database.kind === 'postgres') second = await build({}, { sameDatabaseAs: t });
  // With DATABASE_URL the passes must really come from two instances.
  if (process.env.DATABASE_URL) expect(second).toBeDefined();
  kit = gesKit(t, () => operatorToken);
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t.close();
});
afterEach(() => vi.restoreAllMocks());

const usdt = (v: string) => toUnits(v, 'USDT');
const g = (v: string) => toUnits(v, 'GOLD');
const apps = () => [t, ...(second ? [second] : [])];

/** The gold spot every instance answers from now on (USD per gram). */
function setSpot(usdPerGram: string) {
  for (const { app } of apps())
    vi.spyOn(app.services.market, 'spot').mockResolvedValue({ usdPerGram: usdt(usdPerGram), at: new Date() });
}

/** Month `seq`'s pass at noon of its due day: in both instances at once, then once more. */
async function runMonth(startDate: string, seq: number) {
  const at = new Date(`${dueOn(startDate, seq)}T12:00:00Z`);
  const [a, b] = await Promise.all(
    apps().length > 1
      ? apps().map(({ app }) => app.services.ges.runInstalments(at))
      : [t.app.services.ges.runInstalments(at), t.app.services.ges.runInstalments(at)],
  );
  const again = await t.app.services.ges.runInstalments(at);
  return { first: a!, second: b!, again };
}

const gesTransactions = async (token: string) =>
  (await get(t.app, '/transactions?type=GES&pageSize=100', token)).json<{ data: Transaction[] }>();

/** The member's own postings of a transaction's journal entry: what the ledger moved for them. */
async function postingsOf(code: string) {
  const rows = await t.database.executeSql(
    `SELECT a.purpose::text AS purpose, a.asset::text AS asset, p.amount::text AS amount
       FROM transactions tx
       JOIN postings p ON p.entry_id = tx.journal_entry_id
       JOIN ledger_accounts a ON a.id = p.account_id
      WHERE tx.code = $1 AND a.owner_user_id = tx.user_id
      ORDER BY a.asset, a.purpose`,
    [code],
  );
  return rows.rows;
}

/** A membership's closing entry (maturity or lapse), by account. */
async function closingEntry(membershipId: string) {
  const rows = await t.database.executeSql(
    `SELECT e.type, a.purpose::text AS purpose, a.owner_user_id IS NULL AS platform, p.amount::text AS amount
       FROM journal_entries e
       JOIN postings p ON p.entry_id = e.id
       JOIN ledger_accounts a ON a.id = p.account_id
      WHERE e.type IN ('ges.maturity', 'ges.lapse') AND e.memo = $1
      ORDER BY a.purpose::text`,
    [membershipId],
  );
  return rows.rows as { type: string; purpose: string; platform: boolean; amount: string }[];
}

/**
 * Every paid line against its /transactions entry (by code: USDT, grams, price) and against the
 * ledger (the member's USDT out, grams into the group holding); missed lines moved nothing.
 */
async function proveEveryLine(token: string, passbook: GesPassbookLine[], spots: Map<number, string>) {
  const txs = new Map((await gesTransactions(token)).data.map((tx) => [tx.code, tx]));
  let running = 0n;
  for (const line of passbook) {
    if (line.status === 'missed') {
      expect(line).toMatchObject({ transactionCode: null, grams: null, amountUsdt: null, price: null });
    } else {
      const figures = instalmentFigures(usdt('100'), usdt(spots.get(line.seq)!));
      expect(line).toMatchObject({
        amountUsdt: '100',
        price: fromUnits(figures.price, 'USDT'),
        grams: fromUnits(figures.grams, 'GOLD'),
      });
      const tx = txs.get(line.transactionCode!);
      expect(tx, `transaction ${line.transactionCode}`).toMatchObject({
        type: 'GES',
        assetIn: 'USDT',
        amountIn: line.amountUsdt,
        assetOut: 'GOLD',
        amountOut: line.grams,
        price: line.price,
      });
      txs.delete(line.transactionCode!);
      expect(await postingsOf(line.transactionCode!)).toEqual([
        { purpose: 'available', asset: 'USDT', amount: (-usdt(line.amountUsdt!)).toString() },
        { purpose: 'ges', asset: 'GOLD', amount: g(line.grams!).toString() },
      ]);
      running += g(line.grams!);
    }
    expect(g(line.runningGrams)).toBe(running);
  }
  // No GES transaction without its passbook line.
  expect([...txs.keys()]).toEqual([]);
  return running;
}

/** The member's mails about the group (sign-up mails left out). */
const mailsOf = async (email: string, groupName: string) =>
  (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(email)}`))
    .json<MailboxMessage[]>()
    .filter((m) => m.subject.includes(groupName));
async function waitForMails(email: string, groupName: string, count: number) {
  for (let i = 0; i < 100 && (await mailsOf(email, groupName)).length < count; i++)
    await new Promise((r) => setTimeout(r, 100));
  return (await mailsOf(email, groupName)).map((m) => m.subject).sort();
}

/** Until every GES lifecycle message owed so far is marked sent. */
async function waitForOutbox() {
  for (let i = 0; i < 100; i++) {
    if ((await t.app.outbox.messages('ges.lifecycle:')).every((m) => m.sentAt !== null)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a whole group term', () => {
  it('matures a member with the bonus, matures one after two non-consecutive misses, lapses one mid-term; every line agrees with /transactions and the ledger', async () => {
    const TERM = 6;
    // A new price each month: month n at 100 + 7n USD per gram.
    const spots = new Map(Array.from({ length: TERM }, (_, i) => [i + 1, String(100 + 7 * (i + 1))]));
    setSpot(spots.get(1)!);
    const group = await kit.publish({ termMonths: TERM, memberCap: 3, bonusInstalments: 1 });
    const upline = await kit.customer('0');
    const alice = await kit.customer('1000', upline.user.refCode);
    const bob = await kit.customer('150');
    const carol = await kit.customer('100');
    for (const member of [alice, bob, carol]) expect((await kit.join(member.token, group)).statusCode).toBe(200);

    // Full now: a fourth customer is refused and keeps everything.
    const dave = await kit.customer('500');
    const daveBefore = await kit.footprint(dave);
    expect((await kit.join(dave.token, group)).statusCode).toBe(409);
    expect(await kit.footprint(dave)).toEqual(daveBefore);
    // The group's own count, kept by the joins, is what the lists and the cap read.
    const counted = await t.database.executeSql(
      `SELECT g.member_count AS kept, (SELECT count(*)::int FROM ges_memberships m WHERE m.group_id = g.id) AS real
         FROM ges_groups g WHERE g.id = $1`,
      [group.id],
    );
    expect(counted.rows).toEqual([{ kept: 3, real: 3 }]);

    const outcomes: Record<number, Record<string, number>> = {};
    for (let seq = 2; seq <= TERM; seq++) {
      setSpot(spots.get(seq)!);
      // Carol is short in months 2 and 4 only.
      if (seq === 3) await kit.deposit(carol.user.id, '100');
      if (seq === 5) await kit.deposit(carol.user.id, '200');
      // Bob lapsed in month 4; money he receives afterwards is never taken.
      if (seq === 5) await kit.deposit(bob.user.id, '500');
      const run = await runMonth(group.startDate, seq);
      // Each member's instalment happened once however many passes ran.
      const merged: Record<string, number> = {};
      for (const pass of [run.first, run.second, run.again])
        for (const [k, n] of Object.entries(pass)) merged[k] = (merged[k] ?? 0) + n;
      outcomes[seq] = merged;
      if (seq === 3) {
        // Mid-term, the group holding is the passbook's running grams.
        const mid = (await kit.detail(alice.token, group.id)).membership!;
        expect((await kit.balances(alice.token)).GOLD.ges).toBe(mid.passbook.at(-1)!.runningGrams);
        expect(mid).toMatchObject({
          status: 'active',
          paidCount: 3,
          nextDue: { seq: 4, dueOn: dueOn(group.startDate, 4) },
        });
        // Projected: the three instalments left at today's price, plus the bonus on those grams
        // over six instalments, as ges_close will pay it (1 bonus instalment, rounded down).
        const leftGrams = instalmentFigures(usdt('100'), usdt(spots.get(3)!)).grams * 3n;
        const projectedHeld = g(mid.grams) + leftGrams;
        expect(projectedHeld % 6n).not.toBe(0n);
        expect(g(mid.projectedGrams)).toBe(projectedHeld + projectedHeld / 6n);
      }
    }
    const booked = (o: Record<string, number>) =>
      Object.entries(o)
        .filter(([k]) => k !== 'duplicate' && k !== 'not_due')
        .reduce((n, [, v]) => n + v, 0);
    expect(outcomes[2]).toMatchObject({ paid: 1, missed: 2 });
    expect(outcomes[4]).toMatchObject({ paid: 1, missed: 1, lapsed: 1 });
    expect(outcomes[6]).toMatchObject({ paid_matured: 2 });
    // Three members, then two after Bob's lapse: one booking each, whatever ran twice.
    expect([2, 3, 4, 5, 6].map((seq) => booked(outcomes[seq]!))).toEqual([3, 3, 3, 2, 2]);

    // Alice: six instalments at six prices, then grams plus one instalment's worth of bonus.
    const a = (await kit.detail(alice.token, group.id)).membership!;
    expect(a).toMatchObject({ status: 'matured', paidCount: 6, missedCount: 0, nextDue: null, grams: '0' });
    expect(a.passbook.map((l) => [l.seq, l.status, l.dueOn])).toEqual(
      [1, 2, 3, 4, 5, 6].map((seq) => [seq, 'paid', dueOn(group.startDate, seq)]),
    );
    expect(new Set(a.passbook.map((l) => l.price)).size).toBe(TERM);
    const aliceGrams = await proveEveryLine(alice.token, a.passbook, spots);
    expect(g(a.bonusGrams!)).toBe(aliceGrams / 6n);
    const aliceBalances = await kit.balances(alice.token);
    expect(aliceBalances.USDT.available).toBe('400');
    expect(g(aliceBalances.GOLD.available)).toBe(aliceGrams + aliceGrams / 6n);
    expect(aliceBalances.GOLD.ges).toBe('0');
    expect(await closingEntry(a.id)).toEqual([
      {
        type: 'ges.maturity',
        purpose: 'available',
        platform: false,
        amount: (aliceGrams + aliceGrams / 6n).toString(),
      },
      { type: 'ges.maturity', purpose: 'ges', platform: false, amount: (-aliceGrams).toString() },
      { type: 'ges.maturity', purpose: 'rewards_pool', platform: true, amount: (-(aliceGrams / 6n)).toString() },
    ]);

    // Carol missed months 2 and 4, never three: she matures with the bonus on her four instalments.
    const c = (await kit.detail(carol.token, group.id)).membership!;
    expect(c).toMatchObject({ status: 'matured', paidCount: 4, missedCount: 2 });
    expect(c.passbook.map((l) => l.status)).toEqual(['paid', 'missed', 'paid', 'missed', 'paid', 'paid']);
    const carolGrams = await proveEveryLine(carol.token, c.passbook, spots);
    expect(g(c.bonusGrams!)).toBe(carolGrams / 4n);
    expect(g((await kit.balances(carol.token)).GOLD.available)).toBe(carolGrams + carolGrams / 4n);
    expect((await kit.balances(carol.token)).USDT.available).toBe('0');

    // Bob lapsed in month 4 (of 6): his one instalment's grams went to the GSA, no bonus, and the
    // 500 USDT he received afterwards stayed his through months 5 and 6.
    const b = (await kit.detail(bob.token, group.id)).membership!;
    expect(b).toMatchObject({ status: 'lapsed', paidCount: 1, missedCount: 3, bonusGrams: null, nextDue: null });
    expect(b.passbook.map((l) => l.status)).toEqual(['paid', 'missed', 'missed', 'missed']);
    const bobGrams = await proveEveryLine(bob.token, b.passbook, spots);
    const bobBalances = await kit.balances(bob.token);
    expect(bobBalances.USDT.available).toBe('550');
    expect(g(bobBalances.GOLD.available)).toBe(bobGrams);
    expect(bobBalances.GOLD.ges).toBe('0');
    expect((await gesTransactions(bob.token)).data).toHaveLength(1);
    expect(await closingEntry(b.id)).toEqual([
      { type: 'ges.lapse', purpose: 'available', platform: false, amount: bobGrams.toString() },
      { type: 'ges.lapse', purpose: 'ges', platform: false, amount: (-bobGrams).toString() },
    ]);

    // The last month run again, in every instance: nothing more moves.
    const before = await Promise.all([alice, bob, carol].map((s) => kit.footprint(s)));
    const rerun = await runMonth(group.startDate, TERM);
    expect(booked(rerun.first) + booked(rerun.second) + booked(rerun.again)).toBe(0);
    expect(await Promise.all([alice, bob, carol].map((s) => kit.footprint(s)))).toEqual(before);
    const rows = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM ges_instalments i JOIN ges_memberships m ON m.id = i.membership_id WHERE m.group_id = $1`,
      [group.id],
    );
    expect(rows.rows[0]).toEqual({ n: 6 + 6 + 4 });
    await kit.ledgerIsSound();

    // The PDF passbook, for members only.
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
      headers: { authorization: `Bearer ${dave.token}` },
    });
    expect(notMine.statusCode).toBe(404);
    // Another user sees the group, never a member's passbook.
    expect((await kit.detail(dave.token, group.id)).membership).toBeNull();

    // Each instalment of Alice's was a purchase for referral rewards: 5% of its grams, as QMGT, to her upline.
    const rewards = (await get(t.app, '/rewards', upline.token)).json<RewardsResponse>();
    expect(rewards.rewards).toHaveLength(6);
    expect(rewards.rewards.every((r) => r.source.type === 'GES' && r.level === 1)).toBe(true);
    expect(rewards.rewards.map((r) => r.source.code).sort()).toEqual(a.passbook.map((l) => l.transactionCode).sort());
    const qmgtShare = (grams: bigint) => (grams * 10n ** 12n * 500n) / 10_000n;
    expect(toUnits(rewards.totals.vesting, 'QMGT')).toBe(
      a.passbook.reduce((sum, l) => sum + qmgtShare(g(l.grams!)), 0n),
    );

    // Mails: joined and matured; each miss and the lapse; each told once.
    const aliceMails = await waitForMails(alice.input.email, group.name, 2);
    expect(aliceMails).toEqual([`Welcome to ${group.name}`, `Your ${group.name} savings have matured`].sort());
    const matured = (await mailsOf(alice.input.email, group.name)).find((m) => m.subject.includes('matured'))!;
    expect(matured.text).toContain(`a bonus of ${amount(a.bonusGrams!, 'GOLD')}`);
    expect(await waitForMails(bob.input.email, group.name, 4)).toEqual(
      [
        `Welcome to ${group.name}`,
        `Your ${group.name} instalment was missed`,
        `Your ${group.name} instalment was missed`,
        `Your ${group.name} membership has lapsed`,
      ].sort(),
    );
    expect(await waitForMails(carol.input.email, group.name, 4)).toEqual(
      [
        `Welcome to ${group.name}`,
        `Your ${group.name} instalment was missed`,
        `Your ${group.name} instalment was missed`,
        `Your ${group.name} savings have matured`,
      ].sort(),
    );
    // Every lifecycle message the operations owed is marked sent.
    await waitForOutbox();
    expect((await t.app.outbox.messages('ges.lifecycle:')).filter((m) => m.sentAt === null)).toEqual([]);
  });

  it('sends the mail the money operation owed, with no service step after it, once, whichever process sends', async () => {
    setSpot('120');
    const group = await kit.publish();
    const member = await kit.customer('500');
    const quote = (await kit.quote(member.token, group.id)).json<{ quoteId: string }>();
    // The operation alone, as when its process dies right after the commit: the welcome mail
    // was owed in the operation's transaction (outbox_owe), so nothing else has to happen.
    const answer = await t.app.services.money.execute({
      kind: 'ges_join',
      userId: member.user.id,
      groupId: group.id,
      documentId: group.documentId,
      quoteId: quote.quoteId,
      startDate: group.startDate,
      nextDueOn: dueOn(group.startDate, 2),
      code: newTransactionCode('GES'),
      ip: null,
      now: new Date().toISOString(),
    });
    expect(answer.status).toBe(200);
    const key = `ges.lifecycle:${String(answer.membershipId)}:joined:1`;
    expect((await t.app.outbox.messages(key)).map((m) => m.key)).toEqual([key]);

    // Both processes' senders run (on PostgreSQL); the mail goes out once.
    expect(await waitForMails(member.input.email, group.name, 1)).toEqual([`Welcome to ${group.name}`]);
    await waitForOutbox();
    expect(await Promise.all(apps().map((app) => app.app.outbox.sendDue()))).toEqual(apps().map(() => 0));
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsOf(member.input.email, group.name)).toHaveLength(1);
    const detail: GesGroupDetail = await kit.detail(member.token, group.id);
    expect(detail.membership).toMatchObject({ status: 'active', paidCount: 1 });
  });
});

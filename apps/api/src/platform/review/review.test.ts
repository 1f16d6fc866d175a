import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { build, type TestApp } from '../../test/build.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { DEFAULT_OPERATOR } from '../../test/operator.js';
import { bankAccounts } from '../../modules/compliance/bank.schema.js';
import type { MoneyEngine } from '../../modules/money/money.engine.js';
import { createReview } from './index.js';

/*
 * The platform's review, through one declared review with no money (bank accounts whose holder
 * is not the KYC name): its rows are written here directly, so the queue's order is the test's.
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

const QUEUE = '/admin/bank-accounts';
type Page = { data: { id: string; username: string; status: string }[]; nextCursor: string | null };

/** An account waiting for review, requested at `at`. */
async function waiting(userId: string, at: Date): Promise<string> {
  const [row] = await t.app.database.db
    .insert(bankAccounts)
    .values({
      userId,
      bankName: 'Maybank',
      holderName: 'Another Holder',
      accountNumberEnc: 'v1.test',
      last4: '3000',
      country: 'Malaysia',
      provider: 'sandbox',
      externalId: randomUUID(),
      status: 'review',
      nameMatches: false,
      createdAt: at,
    })
    .returning({ id: bankAccounts.id });
  return row!.id;
}

const auditRows = async (subject: string) =>
  (
    await t.database.executeSql(
      `SELECT action, detail, actor_id FROM audit_log WHERE subject_id = $1 AND action LIKE '%review%' ORDER BY created_at`,
      [subject],
    )
  ).rows as { action: string; detail: string; actor_id: string }[];

describe('platform review', () => {
  it('approves and rejects (with a reason), audits each decision once, and refuses a second decision', async () => {
    const customer = await signedInUser(t.app);
    const first = await waiting(customer.user.id, new Date('2020-01-01T00:00:00Z'));
    const second = await waiting(customer.user.id, new Date('2020-01-01T00:00:01Z'));

    const noReason = await post(t.app, `${QUEUE}/${second}/reject`, {}, operatorToken);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Give the customer a reason for the rejection.');
    const blank = await post(t.app, `${QUEUE}/${second}/reject`, { reason: '   ' }, operatorToken);
    expect(blank.statusCode).toBe(400);

    const approved = await post(t.app, `${QUEUE}/${first}/approve`, {}, operatorToken);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().bankAccount).toMatchObject({
      id: first,
      status: 'verified',
      username: customer.user.username,
    });
    const rejected = await post(t.app, `${QUEUE}/${second}/reject`, { reason: ' A company account ' }, operatorToken);
    expect(rejected.json().bankAccount).toMatchObject({ status: 'rejected', reason: 'A company account' });

    // Decided once: a second decision, either way, is refused and changes nothing.
    const again = await post(t.app, `${QUEUE}/${first}/reject`, { reason: 'late' }, operatorToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This account is verified, not waiting for review.');
    expect((await post(t.app, `${QUEUE}/${randomUUID()}/approve`, {}, operatorToken)).statusCode).toBe(404);
    const malformed = await post(t.app, `${QUEUE}/not-an-id/approve`, {}, operatorToken);
    expect([malformed.statusCode, malformed.json().error.message]).toEqual([400, 'Bank account not found. (params)']);
    expect((await post(t.app, `${QUEUE}/${first}/maybe`, {}, operatorToken)).statusCode).toBe(400);

    const audited = await auditRows(customer.user.id);
    expect(audited.map((a) => [a.action, a.detail])).toEqual([
      ['bank.account.review.approve', '•••• 3000'],
      ['bank.account.review.reject', '•••• 3000: A company account'],
    ]);

    // The decided view shows them, latest first; the open view no longer does.
    const decided = (await get(t.app, `${QUEUE}?queue=decided`, operatorToken)).json<Page>();
    expect(decided.data.slice(0, 2).map((r) => r.id)).toEqual([second, first]);
    const open = (await get(t.app, `${QUEUE}?pageSize=100`, operatorToken)).json<Page>();
    expect(open.data.map((r) => r.id)).not.toContain(first);
  });

  it('keeps customers out: neither the queue nor a decision, not even on their own request', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const id = await waiting(owner.user.id, new Date());
    expect((await get(t.app, QUEUE, owner.token)).statusCode).toBe(403);
    expect((await post(t.app, `${QUEUE}/${id}/approve`, {}, owner.token)).statusCode).toBe(403);
    expect((await post(t.app, `${QUEUE}/${id}/approve`, {}, other.token)).statusCode).toBe(403);
    // Another customer's account is not theirs to reach on the customer's own routes either.
    await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = $1`, [other.user.id]);
    const foreign = await post(t.app, `/bank-accounts/${id}/verify`, { amounts: ['0.10', '0.20'] }, other.token);
    expect(foreign.statusCode).toBe(404);
    const [row] = await t.app.database.db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
    expect(row!.status).toBe('review');
    expect(await auditRows(owner.user.id)).toEqual([]);
  });

  it('pages the open queue by key, oldest first, stable while new requests arrive', async () => {
    const customer = await signedInUser(t.app);
    // Older than anything else in this database, so these lead the open queue.
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await waiting(customer.user.id, new Date(Date.UTC(2001, 0, 1, 0, 0, i))));
    const page1 = (await get(t.app, `${QUEUE}?pageSize=2`, operatorToken)).json<Page>();
    expect(page1.data.map((r) => r.id)).toEqual(ids.slice(0, 2));
    expect(page1.nextCursor).toEqual(expect.any(String));
    // New requests arrive (one even older than the page's last row, as a late insert would be).
    await waiting(customer.user.id, new Date());
    await waiting(customer.user.id, new Date(Date.UTC(2001, 0, 1)));
    const page2 = (
      await get(t.app, `${QUEUE}?pageSize=2&cursor=${encodeURIComponent(page1.nextCursor!)}`, operatorToken)
    ).json<Page>();
    expect(page2.data.map((r) => r.id)).toEqual(ids.slice(2, 4));
    expect(page2.data[0]!.username).toBe(customer.user.username);
    expect((await get(t.app, `${QUEUE}?cursor=junk`, operatorToken)).statusCode).toBe(400);
    expect((await get(t.app, `${QUEUE}?queue=everything`, operatorToken)).statusCode).toBe(400);
  });

  it('a money review books through the engine; a replayed decision is answered without a second audit row', async () => {
    const customer = await signedInUser(t.app);
    const operator = String(
      (await t.database.executeSql(`SELECT id FROM users WHERE email = $1`, [DEFAULT_OPERATOR.email])).rows[0]!.id,
    );
    const id = await waiting(customer.user.id, new Date());
    const booked: unknown[] = [];
    let replay = false;
    const money = {
      run: async (userId: string, op: Record<string, unknown>) => {
        booked.push({ userId, ...op });
        // What the engine does on a first run: the status moves in the operation's transaction.
        if (!replay)
          await t.app.database.db.update(bankAccounts).set({ status: 'verified' }).where(eq(bankAccounts.id, id));
        return { status: 200, replayed: replay };
      },
    } as unknown as MoneyEngine;
    const review = createReview(
      { db: t.app.database.db, money },
      {
        audit: 'test.review',
        table: bankAccounts,
        requestedAt: bankAccounts.createdAt,
        open: 'review',
        notFound: 'Not here.',
        booking: { money: (row, decided) => ({ kind: 'usdau_decide', requestId: row.id, ...decided }) },
        subject: (row: typeof bankAccounts.$inferSelect) => row.last4,
        present: async (rows) => rows.map((r) => ({ id: r.id, status: r.status })),
      },
    );
    const claim = { key: 'k1', scope: 'test', requestHash: 'h' };
    expect(await review.decide(operator, id, 'approve', undefined, claim, null)).toMatchObject({
      id,
      status: 'verified',
      username: customer.user.username,
    });
    replay = true;
    await review.decide(operator, id, 'approve', undefined, claim, null);
    expect(booked).toEqual([
      expect.objectContaining({
        userId: customer.user.id,
        kind: 'usdau_decide',
        requestId: id,
        decision: 'approve',
        reason: null,
      }),
      expect.objectContaining({ kind: 'usdau_decide' }),
    ]);
    expect((await auditRows(customer.user.id)).map((a) => a.action)).toEqual(['test.review.approve']);
    await expect(review.decide(operator, randomUUID(), 'approve', undefined, claim, null)).rejects.toMatchObject({
      status: 404,
      message: 'Not here.',
    });
  });
});

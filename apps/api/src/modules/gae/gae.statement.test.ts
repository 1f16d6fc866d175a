import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { STATEMENT_PAGE_MOVEMENTS, toUnits, type GaeQuote, type GaeStatement } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';

/*
 * GET /gae/statement pages by key and takes its balances from the stored account balance, not
 * by summing the history before its window: whatever the window or the page, its opening must
 * still equal the sum of every movement before its first row, and a page followed by its cursor
 * must not move while new movements arrive.
 */

let t: TestApp;
beforeAll(async () => {
  t = await build();
}, 120_000);
afterAll(async () => t.close());

const send = (url: string, body: unknown, token: string, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });

async function customer(usdt: string) {
  const session = await signedInUser(t.app);
  await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = $1`, [session.user.id]);
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
  return session;
}

async function buyGold(token: string, usdt: string, kind: 'GAE' | 'GAEX' = 'GAE') {
  const quoted = await send('/gae/quote', { kind, amountUsdt: usdt }, token, null);
  expect(quoted.statusCode, quoted.body).toBe(200);
  const quote = quoted.json<GaeQuote>();
  const res = await send('/gae/purchase', { quoteId: quote.quoteId }, token);
  expect(res.statusCode, res.body).toBe(200);
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * `count` past movements into the customer's plan account, one a day from `count` days ago to
 * yesterday (movement k, k days ago, of k milligrams), balanced against the platform's vault: the
 * money engine stamps the current time, and a statement is about the past.
 */
async function pastMovements(userId: string, count: number) {
  await t.database.executeSql(
    `INSERT INTO journal_entries (id, type, memo, created_at)
     SELECT md5('past' || $1 || g)::uuid, 'test.past', NULL, now() - make_interval(days => g)
       FROM generate_series(1, $2::int) AS g`,
    [userId, count],
  );
  await t.database.executeSql(
    `INSERT INTO postings (entry_id, account_id, asset, amount)
     SELECT md5('past' || $1 || g)::uuid, side.account, 'GOLD', side.sign * g * 1000
       FROM generate_series(1, $2::int) AS g,
            (VALUES (ledger_account_id($1::uuid, 'GOLD', 'gae_plan'), 1),
                    (ledger_account_id(NULL, 'GOLD', 'gold_vault'), -1)) AS side(account, sign)`,
    [userId, count],
  );
}

/** The truth: the plan account's movements summed before an instant (a row's date) or a day. */
async function sumBefore(userId: string, at: string) {
  const result = await t.database.executeSql(
    `SELECT coalesce(sum(p.amount), 0)::text AS total FROM postings p
       JOIN journal_entries e ON e.id = p.entry_id
      WHERE p.account_id = ledger_account_id($1::uuid, 'GOLD', 'gae_plan') AND e.created_at < $2::timestamptz`,
    [userId, at],
  );
  return BigInt((result.rows[0] as { total: string }).total);
}

const statementOf = async (token: string, query: string) => {
  const res = await get(t.app, `/gae/statement?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GaeStatement>();
};
const grams = (value: string) => toUnits(value, 'GOLD');

describe('GAE statement windows and pages', () => {
  it('opens each window and page at the sum of what came before, and pages stay put while movements arrive', async () => {
    const { token, user } = await customer('1000');
    await buyGold(token, '300');
    const past = STATEMENT_PAGE_MOVEMENTS + 40;
    await pastMovements(user.id, past);

    // The default window: the last 12 months, from the plan's opening day if younger (today here).
    const byDefault = await statementOf(token, '');
    expect([byDefault.from, byDefault.to, byDefault.rows.length]).toEqual([day(0), day(0), 1]);

    // A window in the past: opening = every movement before `from`, closing = opening + its rows.
    const window = await statementOf(token, `from=${day(100)}&to=${day(51)}`);
    expect(window.rows).toHaveLength(50);
    expect(window.nextCursor).toBeNull();
    expect(grams(window.openingGrams)).toBe(await sumBefore(user.id, `${day(100)}T00:00:00Z`));
    const moved = window.rows.reduce((n, r) => n + grams(r.grams), 0n);
    expect(grams(window.closingGrams)).toBe(grams(window.openingGrams) + moved);
    expect(window.rows.at(-1)!.balanceGrams).toBe(window.closingGrams);

    // The whole history in pages: the newest page first, each opening at the sum before its first row.
    const range = `from=${day(past + 10)}&to=${day(0)}`;
    const first = await statementOf(token, range);
    expect(first.rows).toHaveLength(STATEMENT_PAGE_MOVEMENTS);
    expect(first.nextCursor).not.toBeNull();
    expect(grams(first.openingGrams)).toBe(await sumBefore(user.id, first.rows[0]!.date));
    const second = await statementOf(token, `${range}&cursor=${first.nextCursor}`);
    expect(second.rows).toHaveLength(past + 1 - STATEMENT_PAGE_MOVEMENTS);
    expect(second.nextCursor).toBeNull();
    expect(second.openingGrams).toBe('0');
    expect(second.closingGrams).toBe(first.openingGrams);
    expect(second.rows.at(-1)!.balanceGrams).toBe(first.openingGrams);

    // New movements arrive: the cursor's page is the same page, with the same balances.
    await buyGold(token, '200', 'GAEX');
    expect(await statementOf(token, `${range}&cursor=${first.nextCursor}`)).toMatchObject({
      rows: second.rows,
      openingGrams: second.openingGrams,
      closingGrams: second.closingGrams,
      nextCursor: null,
    });
    const newest = await statementOf(token, range);
    expect(newest.rows).toHaveLength(STATEMENT_PAGE_MOVEMENTS);
    expect(grams(newest.closingGrams)).toBeGreaterThan(grams(first.closingGrams));

    // The PDF covers the same page.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/gae/statement.pdf?${range}&cursor=${first.nextCursor}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // A malformed cursor is a 400 naming it; a day the calendar lacks, a 422.
    expect((await get(t.app, '/gae/statement?cursor=nope', token)).statusCode).toBe(400);
    expect((await get(t.app, '/gae/statement?to=2026-02-30', token)).statusCode).toBe(422);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { encodeCursor, toUnits, type RewardsResponse, type Transaction } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';

/*
 * Customer history lists page by key: a page starts after the previous page's last row, so
 * rows arriving between two pages neither repeat nor push rows out of sight, and a cursor is
 * only a position, never a way into another customer's rows.
 */

let t: TestApp;
beforeAll(async () => {
  t = await build();
}, 120_000);
afterAll(async () => t.close());

type Page = { data: Transaction[]; nextCursor: string | null };

async function verifiedCustomer() {
  const session = await signedInUser(t.app);
  await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = $1`, [session.user.id]);
  return session;
}

/**
 * `count` transactions of a customer, written straight to the table (the history reads it
 * whatever booked it). All within one millisecond, a microsecond apart, and two sharing a
 * timestamp: a cursor that kept only milliseconds, or ignored the id, would skip or repeat.
 */
async function historyOf(userId: string, count: number, at = '2026-03-01T10:00:00.000100Z', type = 'QMGT') {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    ids.push(id);
    const micros = i === count - 1 ? count - 2 : i;
    await t.database.executeSql(
      `INSERT INTO transactions (id, code, user_id, type, status, created_at)
       VALUES ($1, $2, $3, $4, 'completed', $5::timestamptz + make_interval(secs => $6::double precision / 1000000))`,
      [id, `QM-${id.slice(0, 10).toUpperCase()}`, userId, type, at, micros],
    );
  }
  return ids;
}

const page = async (token: string, query: string) => {
  const res = await get(t.app, `/transactions?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

async function walk(token: string, query: string, between?: () => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const current: Page = await page(token, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...current.data.map((row) => row.id));
    cursor = current.nextCursor;
    if (pages++ === 0) await between?.();
  } while (cursor && pages < 50);
  return seen;
}

describe('GET /transactions pages by key', () => {
  it('is stable while new rows arrive: no row twice, none skipped', async () => {
    const me = await verifiedCustomer();
    const ids = await historyOf(me.user.id, 13);
    // Newer rows arrive after page 1 was read: an offset would shift them into page 2.
    const seen = await walk(me.token, 'pageSize=5', async () => {
      await historyOf(me.user.id, 3, '2026-03-02T00:00:00Z');
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('answers newest first, one type or all, and says when there is no next page', async () => {
    const me = await verifiedCustomer();
    await historyOf(me.user.id, 3, '2026-01-01T00:00:00Z', 'GAE');
    const newest = await historyOf(me.user.id, 2, '2026-02-01T00:00:00Z', 'QMGT');
    const all = await page(me.token, 'pageSize=2');
    expect(all.data.map((r) => r.id).sort()).toEqual([...newest].sort());
    expect(all.nextCursor).toEqual(expect.any(String));
    const gae = await page(me.token, 'type=GAE&pageSize=3');
    expect(gae.data.every((r) => r.type === 'GAE')).toBe(true);
    expect(gae).toMatchObject({ nextCursor: null });
    expect(gae.data).toHaveLength(3);
    // The page number of old links still works, and counts nothing.
    const second = await page(me.token, 'page=2&pageSize=2');
    expect(second.data).toHaveLength(2);
    expect(second).not.toHaveProperty('total');
  });

  it('refuses a forged or garbled cursor with a 400 that says so', async () => {
    const me = await verifiedCustomer();
    await historyOf(me.user.id, 2);
    const forged = [
      'not a cursor',
      '%%%',
      'eyJ4Ijox', // base64url of a truncated JSON
      Buffer.from(JSON.stringify(['yesterday', randomUUID()])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-03-01T10:00:00Z', "1' OR '1'='1"])).toString('base64url'),
      Buffer.from(JSON.stringify({ at: '2026-03-01T10:00:00Z', id: randomUUID() })).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-02-30T10:00:00Z', randomUUID(), 9])).toString('base64url'),
      'A'.repeat(300),
      'A'.repeat(31),
      // The layout's spare high bits set (a timestamp past the year 6536): not a cursor.
      `B${'A'.repeat(31)}`,
      `Ag${'A'.repeat(30)}`,
    ];
    for (const cursor of forged) {
      const res = await get(t.app, `/transactions?cursor=${encodeURIComponent(cursor)}`, me.token);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toMatchObject({ status: 400, name: 'ValidationError' });
      expect(res.json().error.message).toMatch(/cursor/);
    }
    // Well-formed is only a position: the earliest possible one shows nothing, the latest everything.
    const earliest = await page(me.token, `cursor=${encodeCursor({ at: '1970-01-01T00:00:00Z', id: randomUUID() })}`);
    expect(earliest).toEqual({ data: [], nextCursor: null });
    const latest = await page(me.token, `page=7&cursor=${'Af' + '_'.repeat(30)}`);
    expect(latest.data).toHaveLength(2);
  });

  it("gives nothing of another customer's through their cursor", async () => {
    const alice = await verifiedCustomer();
    const bob = await verifiedCustomer();
    const alices = await historyOf(alice.user.id, 6);
    const bobs = await historyOf(bob.user.id, 4, '2026-03-01T09:00:00Z');
    const alicePage = await page(alice.token, 'pageSize=2');
    expect(alicePage.nextCursor).not.toBeNull();
    // Bob replays Alice's cursor: a position in time, applied to his own history only.
    const replayed = await page(bob.token, `pageSize=50&cursor=${alicePage.nextCursor}`);
    expect(replayed.data.map((r) => r.id).sort()).toEqual([...bobs].sort());
    expect(replayed.data.some((r) => alices.includes(r.id))).toBe(false);
  });
});

describe('GET /rewards pages by key', () => {
  async function rewardsOf(beneficiaryId: string, sourceId: string, count: number, at: string) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      ids.push(id);
      await t.database.executeSql(
        `INSERT INTO referral_rewards (id, beneficiary_id, source_user_id, source_transaction_id, source_type, source_code,
                                       level, purchase_usdt, amount, entry_id, vests_at, created_at)
         VALUES ($1, $2, $3, $4, 'QMGT', 'QM-TEST', 1, 1000000000000000000, 50000000000000000, $5,
                 $6::timestamptz + interval '30 days', $6::timestamptz + make_interval(secs => $7::double precision / 1000000))`,
        [id, beneficiaryId, sourceId, randomUUID(), randomUUID(), at, i],
      );
    }
    return ids;
  }

  it('pages without repeats while rewards arrive, totals over all of them, and refuses a forged cursor', async () => {
    const me = await verifiedCustomer();
    const other = await verifiedCustomer();
    const ids = await rewardsOf(me.user.id, other.user.id, 7, '2026-03-01T10:00:00Z');
    const first = (await get(t.app, '/rewards?pageSize=3', me.token)).json<RewardsResponse>();
    expect(first.rewards).toHaveLength(3);
    // 7 x 0.05 QMGT, vesting or (once vests_at has passed) claimable: over every reward, not the page.
    const unvested = toUnits(first.totals.vesting, 'QMGT') + toUnits(first.totals.claimable, 'QMGT');
    expect(unvested).toBe(7n * toUnits('0.05', 'QMGT'));
    await rewardsOf(me.user.id, other.user.id, 2, '2026-03-05T00:00:00Z');
    const seen = first.rewards.map((r) => r.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const next = (await get(t.app, `/rewards?pageSize=3&cursor=${cursor}`, me.token)).json<RewardsResponse>();
      seen.push(...next.rewards.map((r) => r.id));
      cursor = next.nextCursor;
    }
    expect(seen.sort()).toEqual([...ids].sort());
    // The other customer's cursor walk of their own (empty) rewards shows none of mine.
    const theirs = (await get(t.app, `/rewards?cursor=${first.nextCursor}`, other.token)).json<RewardsResponse>();
    expect(theirs.rewards).toEqual([]);
    const forged = await get(t.app, '/rewards?cursor=bm90LWEtY3Vyc29y', me.token);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toMatch(/cursor/);
  });
});

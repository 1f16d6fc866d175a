import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { type AffiliatesResponse } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, post } from '../../test/factories.js';
import { customerKit } from '../../test/customers.js';

/*
 * GET /affiliates reads counters kept at registration and purchase (affiliate_members,
 * affiliate_levels). After a mix of sign-ups (one by one and in bulk) and purchases at every
 * depth, the counters must equal what walking the tree and summing the rewards gives.
 */

let t: TestApp;
beforeAll(async () => {
  t = await build();
}, 120_000);
afterAll(async () => t.close());

const { customer: verifiedCustomer, buyQmgt, buyGold } = customerKit(() => t);
/** A verified customer registered with `ref`, holding `usdt`. */
const customer = (ref?: string, usdt = '0') => verifiedCustomer(usdt, { ref });

async function rows<R>(text: string, params: unknown[] = []): Promise<R[]> {
  return (await t.database.executeSql(text, params)).rows as R[];
}

/** The truth the counters stand for: the tree walked, the rewards summed (original rewards, not split parts). */
const TRUTH_MEMBERS = `
  WITH RECURSIVE up(member_id, upline_id, level) AS (
    SELECT id, upline_id, 1 FROM users WHERE upline_id IS NOT NULL
    UNION ALL
    SELECT up.member_id, u.upline_id, up.level + 1 FROM up JOIN users u ON u.id = up.upline_id
     WHERE up.level < 3 AND u.upline_id IS NOT NULL)
  SELECT up.upline_id::text, up.member_id::text, up.level,
         coalesce((SELECT sum(r.purchase_usdt) FROM referral_rewards r
                    WHERE r.beneficiary_id = up.upline_id AND r.source_user_id = up.member_id
                      AND r.split_from IS NULL), 0)::text AS volume
    FROM up ORDER BY 1, 2`;

describe('affiliates counters', () => {
  it('equal the walked tree and summed purchases after registrations and purchases', async () => {
    const a = await customer();
    const b = await customer(a.user.refCode, '2000');
    const c = await customer(a.user.refCode, '2000');
    const d = await customer(b.user.refCode, '2000');
    const e = await customer(d.user.refCode, '2000');
    // Four levels below a: f is in b's, d's and e's downlines, not a's.
    const f = await customer(e.user.refCode, '2000');
    await buyQmgt(d.token, '300');
    await buyQmgt(e.token, '120');
    await buyGold(e.token, '200');
    await buyQmgt(f.token, '75.5');
    await buyQmgt(b.token, '40');
    // Fifteen referrals of c at once (one statement: the registration trigger works on the set).
    await t.database.executeSql(
      `INSERT INTO users (username, email, password_hash, ref_code, user_hash, upline_id, confirmed)
       SELECT 'bulk_' || md5(g::text || random()::text), 'bulk_' || md5(g::text || random()::text) || '@example.com', 'x',
              upper(substr(md5(g::text || random()::text), 1, 12)), md5(g::text || random()::text), $1::uuid, true
         FROM generate_series(1, 15) AS g`,
      [c.user.id],
    );
    const g = await customer(c.user.refCode, '500');
    await buyQmgt(g.token, '60');
    await buyQmgt(d.token, '10');

    type Member = { upline_id: string; member_id: string; level: number; volume: string };
    const truth = await rows<Member>(TRUTH_MEMBERS);
    const kept = await rows<Member>(
      `SELECT upline_id::text, member_id::text, level, volume_usdt::text AS volume FROM affiliate_members ORDER BY 1, 2`,
    );
    expect(kept).toEqual(truth);
    expect(truth.some((m) => m.volume !== '0')).toBe(true);

    type Level = { user_id: string; level: number; members: number; volume: string };
    const truthLevels = await rows<Level>(
      `SELECT upline_id AS user_id, level, count(*)::int AS members, sum(volume::numeric)::text AS volume
         FROM (${TRUTH_MEMBERS}) m GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const keptLevels = await rows<Level>(
      `SELECT l.user_id::text, l.level, l.members, coalesce(v.volume_usdt, 0)::text AS volume
         FROM affiliate_levels l LEFT JOIN affiliate_volumes v ON v.user_id = l.user_id AND v.level = l.level
        ORDER BY 1, 2`,
    );
    // Volume only where somebody is: a purchase never rewards an upline the tree does not have.
    expect(
      await rows(
        `SELECT 1 FROM affiliate_volumes v WHERE NOT EXISTS
           (SELECT 1 FROM affiliate_levels l WHERE l.user_id = v.user_id AND l.level = v.level)`,
      ),
    ).toEqual([]);
    expect(keptLevels).toEqual(truthLevels);
    // The per-level volume is what rewarded the customer, as the rewards themselves say.
    const rewarded = await rows<{ volume: string }>(
      `SELECT coalesce(sum(purchase_usdt), 0)::text AS volume FROM referral_rewards
        WHERE beneficiary_id = $1 AND level = 1 AND split_from IS NULL`,
      [a.user.id],
    );
    expect(keptLevels.find((l) => l.user_id === a.user.id && l.level === 1)?.volume).toBe(rewarded[0]!.volume);

    // The screen's figures: a has b, c (1); d and 16 of c's (2); e (3).
    const tree = (await get(t.app, '/affiliates', a.token)).json<AffiliatesResponse>();
    expect(tree.levels.map((l) => l.count)).toEqual([2, 17, 1]);
    expect(tree.total).toBe(20);

    // Members page by key across the levels: each once, in level order, none skipped.
    const seen: { username: string; level: number }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(t.app, `/affiliates?pageSize=3${cursor ? `&cursor=${cursor}` : ''}`, a.token);
      expect(res.statusCode, res.body).toBe(200);
      const current: AffiliatesResponse = res.json();
      seen.push(...current.members.map((m) => ({ username: m.username, level: m.level })));
      cursor = current.nextCursor;
      // A new member of c arrives between pages: newest first within its level, so before the cursor.
      if (pages++ === 1) await post(t.app, '/auth/local/register', { ...newAccount(), ref: c.user.refCode });
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(20);
    expect(new Set(seen.map((m) => m.username)).size).toBe(20);
    expect(seen.map((m) => m.level)).toEqual([...seen.map((m) => m.level)].sort());
    expect(seen.find((m) => m.username === f.user.username)).toBeUndefined();

    // A cursor is a position in (level, newest first): in level 2, it starts level 3 from its top
    // and is past the end of level 1.
    const level2 = (await get(t.app, '/affiliates?level=2&pageSize=2', a.token)).json<AffiliatesResponse>();
    const of = async (query: string) =>
      (await get(t.app, `/affiliates?${query}&cursor=${level2.nextCursor}`, a.token)).json<AffiliatesResponse>();
    expect((await of('level=3')).members.map((m) => m.username)).toEqual([e.user.username]);
    expect((await of('level=1')).members).toEqual([]);
  });
});

describe('affiliates search', () => {
  it('walks a bounded stretch of the downline per call and goes on from where it stopped', async () => {
    const top = await customer();
    const bulk = (prefix: string, count: number) =>
      t.database.executeSql(
        `INSERT INTO users (username, email, password_hash, ref_code, user_hash, upline_id, confirmed)
         SELECT $2 || md5(g::text || random()::text), 'w' || md5(g::text || random()::text) || '@example.com', 'x',
                upper(substr(md5(g::text || random()::text), 1, 12)), md5(g::text || random()::text), $1::uuid, true
           FROM generate_series(1, $3::int) AS g`,
        [top.user.id, prefix, count],
      );
    // The one match is the oldest member: the newest-first walk meets it last.
    await bulk('needle_', 1);
    await bulk('hay_', 1_100);
    const pages: AffiliatesResponse[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(t.app, `/affiliates?search=NEEDLE${cursor ? `&cursor=${cursor}` : ''}`, top.token);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
      cursor = pages.at(-1)!.nextCursor;
    } while (cursor && pages.length < 10);
    // 1,101 members, 500 a call: two empty pages that say where to go on, then the match.
    expect(pages.map((p) => p.members.length)).toEqual([0, 0, 1]);
    expect(pages.map((p) => p.total)).toEqual([null, null, null]);
    expect(pages[2]!.members[0]!.username).toMatch(/^needle_/);
    // A common name fills the page from the first walk.
    const hay = (await get(t.app, '/affiliates?search=hay_&pageSize=20', top.token)).json<AffiliatesResponse>();
    expect(hay.members).toHaveLength(20);
    expect(hay.nextCursor).not.toBeNull();
  });
});

function newAccount() {
  const id = randomBytes(6).toString('hex');
  return { username: `late_${id}`, email: `late_${id}@example.com`, password: 'correct-horse-9' };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NomineesResponse } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator());
}, 120_000);
afterAll(async () => t.close());

const nominee = (firstName: string, sharePercent: number) => ({
  firstName,
  middleName: '',
  lastName: 'Lim',
  contact: '+60 12 345 6789',
  dateOfBirth: '1985-03-02',
  address: '1 Jalan Emas',
  city: 'Kuala Lumpur',
  postalCode: '50000',
  relationTestator: 'Spouse',
  idType: 'Passport' as const,
  sharePercent,
});
const put = (url: string, body: unknown, token: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api${url}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}` },
  });

describe('nominees', () => {
  it('keeps a draft as typed, saves two nominees at 60/40 and replaces the set; the operator sees it', async () => {
    const me = await signedInUser(t.app);
    const draft = await put(
      '/nominee/draft',
      { nominees: [{ firstName: 'Ana', sharePercent: '6' }], step: 1 },
      me.token,
    );
    expect(draft.statusCode, draft.body).toBe(200);
    const reloaded = (await get(t.app, '/nominee', me.token)).json<NomineesResponse>();
    expect(reloaded.draft).toMatchObject({ nominees: [{ firstName: 'Ana', sharePercent: '6' }], step: 1 });
    expect(reloaded.nominees).toEqual([]);

    const saved = await post(t.app, '/nominee', { nominees: [nominee('Ana', 60), nominee('Ben', 40)] }, me.token);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<NomineesResponse>();
    expect(after.nominees.map((n) => [n.firstName, n.sharePercent])).toEqual([
      ['Ana', 60],
      ['Ben', 40],
    ]);
    expect(after.draft).toBeNull();

    const third = await post(
      t.app,
      '/nominee',
      { nominees: [nominee('Ana', 33.33), nominee('Ben', 33.33), nominee('Cy', 33.34)] },
      me.token,
    );
    expect(third.json<NomineesResponse>().nominees).toHaveLength(3);

    const other = await signedInUser(t.app);
    expect((await get(t.app, '/nominee', other.token)).json<NomineesResponse>().nominees).toEqual([]);
    expect((await get(t.app, '/admin/nominees', other.token)).statusCode).toBe(403);
    const listed = (await get(t.app, '/admin/nominees', operatorToken)).json().data;
    expect(listed.find((u: { userId: string }) => u.userId === me.user.id).nominees).toHaveLength(3);
  });

  it("pages the operator's list by key, the latest saved set first, a page stable while new sets arrive", async () => {
    type Page = { data: { userId: string; nominees: { firstName: string }[] }[]; nextCursor: string | null };
    const page = async (cursor: string | null, pageSize = 2) => {
      const res = await get(
        t.app,
        `/admin/nominees?pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`,
        operatorToken,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>();
    };
    const savesNominees = async (firstNames: string[]) => {
      const customer = await signedInUser(t.app);
      const shares = firstNames.map((_, i) => (i === 0 ? 100 - 10 * (firstNames.length - 1) : 10));
      const res = await post(
        t.app,
        '/nominee',
        { nominees: firstNames.map((name, i) => nominee(name, shares[i]!)) },
        customer.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return customer;
    };
    // Other tests' customers may be listed after these: the walk stops at the last of ours.
    const customers = [];
    for (const names of [['Ann'], ['Bo', 'Cal'], ['Di'], ['Ed', 'Fi', 'Gus'], ['Hal']])
      customers.push(await savesNominees(names));
    const ours = new Set(customers.map((c) => c.user.id));

    const seen: Page['data'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current = await page(cursor);
      expect(current.data.length).toBeLessThanOrEqual(2);
      seen.push(...current.data);
      cursor = current.nextCursor;
      // A new set arrives between pages, and a customer already shown saves again: both now sort
      // before the cursor, so neither shows up in a later page nor shifts what it holds.
      if (pages++ === 0) {
        await savesNominees(['Ivy']);
        await post(t.app, '/nominee', { nominees: [nominee('Hana', 100)] }, customers[4]!.token);
      }
    } while (cursor && seen.filter((c) => ours.has(c.userId)).length < customers.length && pages < 20);
    const ourSeen = seen.filter((c) => ours.has(c.userId));
    expect(ourSeen.map((c) => c.userId)).toEqual(customers.map((c) => c.user.id).reverse());
    expect(ourSeen.map((c) => c.nominees.map((n) => n.firstName))).toEqual([
      ['Hal'],
      ['Ed', 'Fi', 'Gus'],
      ['Di'],
      ['Bo', 'Cal'],
      ['Ann'],
    ]);
    expect(new Set(seen.map((c) => c.userId)).size).toBe(seen.length);

    // The first page now starts with the re-saved set, then the new customer's.
    const fresh = await page(null);
    expect(fresh.data[0]!.userId).toBe(customers[4]!.user.id);
    expect(fresh.data[0]!.nominees.map((n) => n.firstName)).toEqual(['Hana']);
    expect(fresh.data[1]!.nominees.map((n) => n.firstName)).toEqual(['Ivy']);
    expect(fresh.nextCursor).not.toBeNull();
    expect((await get(t.app, '/admin/nominees?cursor=nope', operatorToken)).statusCode).toBe(400);
    expect((await get(t.app, '/admin/nominees?pageSize=101', operatorToken)).statusCode).toBe(400);
  });

  it('refuses shares not adding up to 100%, junk and oversized input; nothing changes', async () => {
    const me = await signedInUser(t.app);
    await post(t.app, '/nominee', { nominees: [nominee('Ana', 100)] }, me.token);
    const cases: [unknown, number, RegExp][] = [
      [{ nominees: [nominee('Ana', 60), nominee('Ben', 30)] }, 422, /add up to 100%/],
      [{ nominees: [nominee('Ana', 60.005), nominee('Ben', 39.995)] }, 400, /2 decimals/],
      [{ nominees: [] }, 400, /at least one/],
      [{ nominees: Array.from({ length: 6 }, (_, i) => nominee(`N${i}`, 100 / 6)) }, 400, /At most 5/],
      [{ nominees: [{ ...nominee('Ana', 100), dateOfBirth: '2999-01-01' }] }, 422, /in the past/],
      [{ nominees: [{ ...nominee('Ana', 100), idType: 'Library card' }] }, 400, /ID type/],
      [{ nominees: [{ ...nominee('x'.repeat(101), 100) }] }, 400, /100 characters/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(t.app, '/nominee', body, me.token);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await put('/nominee/draft', { nominees: [{ firstName: 'x'.repeat(201) }] }, me.token)).statusCode).toBe(
      400,
    );
    expect((await put('/nominee/draft', { nominees: [{ nickname: 'x' }] }, me.token)).statusCode).toBe(400);
    const still = (await get(t.app, '/nominee', me.token)).json<NomineesResponse>();
    expect(still.nominees.map((n) => [n.firstName, n.sharePercent])).toEqual([['Ana', 100]]);
    expect((await get(t.app, '/nominee')).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultantSlug } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator());
}, 120_000);
afterAll(async () => t.close());

const put = (body: unknown, token: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/consultants',
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}` },
  });

describe('consultants', () => {
  it('names a page from the display name', () => {
    expect(consultantSlug('  Amélie Dupont-Smith ')).toBe('amelie-dupont-smith');
    expect(consultantSlug('金')).toBe('');
  });

  it('an operator marks a customer consultant; the public page carries their referral code; sign-ups through it are referred', async () => {
    const consultant = await signedInUser(t.app);
    const marked = await put(
      { email: consultant.input.email, displayName: 'Gold Advisor One', bio: 'Twenty years in bullion.' },
      operatorToken,
    );
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ name: 'gold-advisor-one', active: true, refCode: consultant.user.refCode });

    const page = await get(t.app, '/consultants/Gold-Advisor-One');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      name: 'gold-advisor-one',
      displayName: 'Gold Advisor One',
      bio: 'Twenty years in bullion.',
      pictureUrl: null,
      refCode: consultant.user.refCode,
    });
    const referred = await signedInUser(t.app, { ref: page.json().refCode });
    expect((await get(t.app, '/get-upline', referred.token)).json()).toEqual({ upline: true });

    // Another account cannot take the name; customers cannot mark; unknown e-mail is a 404.
    const other = await signedInUser(t.app);
    expect(
      (await put({ email: other.input.email, displayName: 'gold advisor one', bio: '' }, operatorToken)).statusCode,
    ).toBe(409);
    expect((await put({ email: other.input.email, displayName: 'Me', bio: '' }, other.token)).statusCode).toBe(403);
    expect((await put({ email: 'nobody@example.com', displayName: 'Nobody', bio: '' }, operatorToken)).statusCode).toBe(
      404,
    );
    expect((await put({ email: other.input.email, displayName: '金金', bio: '' }, operatorToken)).statusCode).toBe(422);

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/consultants/gold-advisor-one/withdraw',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(withdrawn.json()).toMatchObject({ active: false });
    expect((await get(t.app, '/consultants/gold-advisor-one')).statusCode).toBe(404);
    expect((await get(t.app, '/consultants/<script>')).statusCode).toBe(400);
    const audit = await t.database.executeSql(
      `SELECT action FROM audit_log WHERE action LIKE 'consultant.%' ORDER BY created_at`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['consultant.mark', 'consultant.withdraw']);
  });

  it("pages the operator's list by key, the latest changed first, stable while consultants are marked between pages", async () => {
    type Page = { data: { name: string; email: string }[]; nextCursor: string | null };
    const page = async (cursor: string | null) => {
      const res = await get(t.app, `/admin/consultants?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`, operatorToken);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>();
    };
    const mark = async (displayName: string) => {
      const account = await signedInUser(t.app);
      const res = await put({ email: account.input.email, displayName, bio: '' }, operatorToken);
      expect(res.statusCode, res.body).toBe(200);
      return account;
    };
    const names = ['Paged One', 'Paged Two', 'Paged Three', 'Paged Four', 'Paged Five'];
    const accounts = [];
    for (const name of names) accounts.push(await mark(name));
    const ours = new Set(names.map(consultantSlug));

    const seen: Page['data'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current: Page = await page(cursor);
      expect(current.data.length).toBeLessThanOrEqual(2);
      seen.push(...current.data);
      cursor = current.nextCursor;
      // One marked meanwhile sorts before the cursor: it shows in no later page.
      if (pages++ === 0) {
        await mark('Paged Six');
        ours.add(consultantSlug('Paged Six'));
      }
    } while (cursor && seen.filter((c) => ours.has(c.name)).length < names.length && pages < 50);
    const ourSeen = seen.filter((c) => ours.has(c.name));
    expect(ourSeen.map((c) => c.name)).toEqual(names.map(consultantSlug).reverse());
    // Each row carries its account, read for the whole page at once.
    expect(ourSeen.map((c) => c.email)).toEqual(accounts.map((a) => a.input.email).reverse());
    expect(new Set(seen.map((c) => c.name)).size).toBe(seen.length);
    expect((await get(t.app, '/admin/consultants?cursor=nope', operatorToken)).statusCode).toBe(400);
  });
});

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

import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  earliestGesStartDate,
  toUnits,
  type AdminGesGroup,
  type BalancesResponse,
  type GesGroup,
  type GesGroupDetail,
  type GesQuote,
} from '@qmgt/contracts';
import type { TestApp } from './build.js';
import { get, signedInUser } from './factories.js';

/*
 * Group savings test kit: an operator who creates and opens groups, funded verified customers,
 * joining, and the balances and ledger the tests compare with.
 */

/**
 * A start date the API takes on any day of the month: today while its day is 1-28, else the
 * 1st of next month (the API refuses the 29th-31st and past days).
 */
export const gesStartDate = () => earliestGesStartDate(new Date().toISOString().slice(0, 10));

export function gesKit(t: TestApp, operatorToken: () => string) {
  const send = (url: string, body: unknown, token: string, key: string | null = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: body as Record<string, unknown>,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    });
  const balances = async (token: string) => (await get(t.app, '/balances', token)).json<BalancesResponse>();

  async function deposit(userId: string, usdt: string) {
    const answer = await t.app.services.money.execute({
      kind: 'deposit',
      userId,
      txHash: `0x${randomBytes(32).toString('hex')}`,
      logIndex: 0,
      amount: toUnits(usdt, 'USDT').toString(),
      blockNumber: '1',
      code: `DP-${randomBytes(5).toString('hex').toUpperCase()}`,
    });
    expect(answer.status).toBe(200);
  }

  async function customer(usdt: string, ref?: string) {
    const session = await signedInUser(t.app, ref ? { ref } : {});
    await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${session.user.id}'`);
    if (usdt !== '0') await deposit(session.user.id, usdt);
    return session;
  }

  const groupInput = (overrides: Record<string, unknown> = {}) => ({
    name: `Gold circle ${randomBytes(3).toString('hex')}`,
    instalmentUsdt: '100',
    termMonths: 4,
    memberCap: 2,
    startDate: gesStartDate(),
    bonusInstalments: 1,
    agreement: { title: 'Gold circle agreement', text: 'Each member pays 100 USDT a month for 4 months.' },
    ...overrides,
  });

  /** Creates a draft. */
  async function create(overrides: Record<string, unknown> = {}) {
    const res = await send('/admin/ges/groups', groupInput(overrides), operatorToken(), null);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ group: AdminGesGroup }>().group;
  }

  /** Creates and opens a group: what customers can join. */
  async function publish(overrides: Record<string, unknown> = {}) {
    const draft = await create(overrides);
    const res = await send(`/admin/ges/groups/${draft.id}/open`, {}, operatorToken(), null);
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json<{ group: AdminGesGroup }>().group;
    return { ...group, documentId: group.documentId!, documentVersion: group.documentVersion! };
  }

  const quote = (token: string, groupId: string) => send(`/ges/groups/${groupId}/quote`, {}, token, null);

  async function join(token: string, group: { id: string; documentId: string }) {
    const quoted = await quote(token, group.id);
    if (quoted.statusCode !== 200) return quoted;
    return send(
      `/ges/groups/${group.id}/join`,
      { documentId: group.documentId, accept: true, quoteId: quoted.json<GesQuote>().quoteId },
      token,
    );
  }

  const detail = async (token: string, id: string) =>
    (await get(t.app, `/ges/groups/${id}`, token)).json<GesGroupDetail>();
  const customerGroup = async (token: string, id: string) =>
    (await get(t.app, '/ges/groups', token)).json<{ data: GesGroup[] }>().data.find((g) => g.id === id);

  async function ledgerIsSound() {
    const check = (await get(t.app, '/admin/ledger/check', operatorToken())).json();
    expect(check).toMatchObject({ balanced: true, nonNegative: true });
  }

  /**
   * What a refusal must leave as it was: the customer's balances, transactions and memberships,
   * and the number of journal entries.
   */
  async function footprint(session: { token: string; user: { id: string } }) {
    const [entries, memberships] = await Promise.all([
      t.database.executeSql(`SELECT count(*)::int AS n FROM journal_entries`),
      t.database.executeSql(`SELECT count(*)::int AS n FROM ges_memberships WHERE user_id = $1`, [session.user.id]),
    ]);
    return {
      balances: await balances(session.token),
      transactions: (await get(t.app, '/transactions?pageSize=100', session.token)).json<{ data: unknown[] }>().data
        .length,
      memberships: (memberships.rows[0] as { n: number }).n,
      journalEntries: (entries.rows[0] as { n: number }).n,
    };
  }

  return {
    send,
    balances,
    deposit,
    customer,
    groupInput,
    create,
    publish,
    quote,
    join,
    detail,
    customerGroup,
    ledgerIsSound,
    footprint,
  };
}

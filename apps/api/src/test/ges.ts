import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import {
  earliestGesStartDate,
  type AdminGesGroup,
  type GesGroup,
  type GesGroupDetail,
  type GesQuote,
} from '@qmgt/contracts';
import type { TestApp } from './build.js';
import { customerKit } from './customers.js';
import { get } from './factories.js';

/*
 * Group savings test kit: an operator who creates and opens groups, funded verified customers,
 * joining, and the balances and ledger the tests compare with.
 */

/**
 * A start date the API takes on any day of the month: today while its day is 1-28, else the
 * 1st of next month (the API refuses the 29th-31st and past days).
 */
export const gesStartDate = () => earliestGesStartDate(new Date().toISOString().slice(0, 10));
/**
 * A start date a group has already reached: today, or on the 29th to the 31st (no group starts
 * on those days: ges_groups_start_day) the 28th of this month.
 */
export const startedGesDate = (today = new Date().toISOString().slice(0, 10)) =>
  Number(today.slice(8, 10)) <= 28 ? today : `${today.slice(0, 8)}28`;
/** A start date already passed (joins close the day after it): the latest day 1-28 before today. */
export const passedGesDate = (today = new Date().toISOString().slice(0, 10)) => {
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return startedGesDate(yesterday);
};

export function gesKit(t: TestApp, operatorToken: () => string) {
  const { send, balances, deposit, customer: verifiedCustomer, ledgerIsSound } = customerKit(() => t, operatorToken);
  const customer = (usdt: string, ref?: string) => verifiedCustomer(usdt, { ref });

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

  /** The join itself, accepting the group's agreement at `quoteId` (one the customer may not have). */
  const joinAt = (token: string, group: { id: string; documentId?: string | null }, quoteId: string) =>
    send(`/ges/groups/${group.id}/join`, { documentId: group.documentId, accept: true, quoteId }, token);

  /** Quotes, then joins at that quote: the quote's refusal if it is refused. */
  async function join(token: string, group: { id: string; documentId: string }) {
    const quoted = await quote(token, group.id);
    if (quoted.statusCode !== 200) return quoted;
    return joinAt(token, group, quoted.json<GesQuote>().quoteId);
  }

  const detail = async (token: string, id: string) =>
    (await get(t.app, `/ges/groups/${id}`, token)).json<GesGroupDetail>();
  const customerGroup = async (token: string, id: string) =>
    (await get(t.app, '/ges/groups', token)).json<{ data: GesGroup[] }>().data.find((g) => g.id === id);

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
    joinAt,
    join,
    detail,
    customerGroup,
    ledgerIsSound,
    footprint,
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  toUnits,
  type AutoSaveRequest,
  type AutoSaveRunsResponse,
  type GaePlanResponse,
  type GaeQuote,
  type MailboxMessage,
} from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { dayOf } from './gae.rules.js';
import { firstRunOn } from './gae.auto-save.rules.js';
import { createGaeService } from './gae.service.js';

/*
 * The auto-save with a controlled clock: `runAutoSaves(at)` is the job's pass at `at`, and
 * `setOn(day, ...)` is the customer's change on that day (the service on a clock of its own).
 * On PostgreSQL a second API process on the same database runs its passes at the same time;
 * on PGlite (one connection) two passes of one process race instead.
 */

let t: TestApp;
let second: TestApp | undefined;
beforeAll(async () => {
  t = await build();
  if (t.database.kind === 'postgres') second = await build({}, { sameDatabaseAs: t });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t.close();
});

const send = (method: 'POST' | 'PUT', url: string, body: unknown, token: string, key?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });

async function customer(usdt: string) {
  const session = await signedInUser(t.app);
  await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${session.user.id}'`);
  await t.app.services.money.execute({
    kind: 'deposit',
    userId: session.user.id,
    txHash: `0x${randomBytes(32).toString('hex')}`,
    logIndex: 0,
    amount: toUnits(usdt, 'USDT').toString(),
    blockNumber: '1',
    code: `DP-${randomBytes(5).toString('hex').toUpperCase()}`,
  });
  const quote = (await send('POST', '/gae/quote', { kind: 'GAE', amountUsdt: '200' }, session.token)).json<GaeQuote>();
  expect(
    (await send('POST', '/gae/purchase', { quoteId: quote.quoteId }, session.token, randomUUID())).statusCode,
  ).toBe(200);
  return session;
}

/** Passes of the job in every process at once. */
const passes = (at: Date) =>
  Promise.all([t.app.services.gae.runAutoSaves(at), (second ?? t).app.services.gae.runAutoSaves(at)]);

const usdtOf = async (token: string) =>
  toUnits((await get(t.app, '/balances', token)).json<{ USDT: { available: string } }>().USDT.available, 'USDT');
const autoSaveOf = async (token: string) =>
  (await get(t.app, '/gae/plan', token)).json<GaePlanResponse>().plan!.autoSave;
const runsOf = async (token: string, query = '') =>
  (await get(t.app, `/gae/auto-save/runs${query}`, token)).json<AutoSaveRunsResponse>();
const at = (day: string, hour = '08') => new Date(`${day}T${hour}:00:00Z`);
/** The customer's PUT /gae/auto-save as if made on `day` (08:00 UTC). */
function setOn(day: string, userId: string, request: AutoSaveRequest) {
  const { money, market, ledger, transactions } = t.app.services;
  const gae = createGaeService({ db: t.app.database.db, money, market, ledger, transactions, now: () => at(day) });
  return gae.setAutoSave(userId, request);
}
const gaeCount = async (token: string) =>
  (await get(t.app, '/transactions?type=GAE&pageSize=100', token)).json<{ data: unknown[] }>().data.length;

describe('GAE auto-save', () => {
  it('buys once per month on its day, in every process at once, and skips a short month with a mail', async () => {
    const { token, input } = await customer('700');
    const set = await send('PUT', '/gae/auto-save', { amountUsdt: '150', dayOfMonth: 5 }, token);
    expect(set.statusCode, set.body).toBe(200);
    const today = dayOf(new Date());
    const first = firstRunOn({ frequency: 'monthly', dayOfMonth: 5 }, today);
    expect(set.json().autoSave).toEqual({
      amountUsdt: '150',
      frequency: 'monthly',
      dayOfWeek: null,
      dayOfMonth: 5,
      monthlyCapUsdt: null,
      paused: false,
      nextRunOn: first,
      lastRun: null,
    });
    const before = await usdtOf(token);

    // The day before: nothing.
    await passes(new Date(at(first).getTime() - 86_400_000));
    expect(await gaeCount(token)).toBe(1);

    // The day: exactly one purchase, however many passes run.
    await passes(at(first));
    await passes(at(first, '09'));
    expect(await gaeCount(token)).toBe(2);
    expect(await usdtOf(token)).toBe(before - toUnits('150', 'USDT'));
    const afterFirst = await autoSaveOf(token);
    expect(afterFirst).toMatchObject({ lastRun: { period: first.slice(0, 7), outcome: 'bought' } });
    expect(afterFirst!.lastRun!.transactionCode).toMatch(/^GA-/);
    const nextMonth = afterFirst!.nextRunOn!;
    expect(nextMonth.slice(8)).toBe('05');
    expect(nextMonth > first).toBe(true);

    // Next month 350 USDT is left: bought again.
    await passes(at(nextMonth));
    expect(await gaeCount(token)).toBe(3);
    // 200 USDT is left: raised to 400 a month, the next month is short.
    const raised = await send('PUT', '/gae/auto-save', { amountUsdt: '400', dayOfMonth: 5 }, token);
    expect(raised.statusCode).toBe(200);
    // A change never brings back a month that has already run.
    const third = (await autoSaveOf(token))!.nextRunOn!;
    expect(third > nextMonth).toBe(true);
    const left = await usdtOf(token);
    expect(left).toBeLessThan(toUnits('400', 'USDT'));
    await passes(at(third));
    await passes(at(third, '10'));
    expect(await usdtOf(token)).toBe(left);
    expect(await gaeCount(token)).toBe(3);
    expect(await autoSaveOf(token)).toMatchObject({
      lastRun: { period: third.slice(0, 7), outcome: 'skipped', reason: 'balance' },
    });

    const skipped = async () =>
      (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(input.email)}`))
        .json<MailboxMessage[]>()
        .filter((m) => m.subject.includes('auto-save'));
    for (let i = 0; i < 50 && (await skipped()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const mails = await skipped();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your GAE auto-save for ${third.slice(0, 7)} was skipped`);
    expect(mails[0]!.text).toContain('400.00 USDT');

    const check = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM gae_auto_save_runs r JOIN gae_plans p ON p.id = r.plan_id
        WHERE p.user_id = (SELECT id FROM users WHERE email = '${input.email}')`,
    );
    expect(check.rows[0]).toEqual({ n: 3 });
  });

  it('mails a skipped month owed by its run row, even with no pass after it, once', async () => {
    const { token, input } = await customer('300');
    expect((await send('PUT', '/gae/auto-save', { amountUsdt: '250', dayOfMonth: 7 }, token)).statusCode).toBe(200);
    // The skip is recorded and then the process "dies": the row's commit owed the mail.
    await t.database.executeSql(
      `INSERT INTO gae_auto_save_runs (plan_id, period, frequency, outcome, reason, created_at)
       SELECT id, '2020-01', 'monthly', 'skipped', 'balance', now() - interval '1 hour' FROM gae_plans WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [input.email],
    );
    const skipped = async () =>
      (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(input.email)}`))
        .json<MailboxMessage[]>()
        .filter((m) => m.subject === 'Your GAE auto-save for 2020-01 was skipped');
    const owed = async () =>
      (await t.app.outbox.messages('gae.auto-save-skipped:')).filter(
        (m) => m.key.endsWith(':2020-01') && m.sentAt === null,
      ).length;
    for (let i = 0; i < 50 && (await skipped()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await skipped()).toHaveLength(1);
    expect((await skipped())[0]!.text).toContain('250.00 USDT');
    for (let i = 0; i < 50 && (await owed()) !== 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await owed()).toBe(0);
    // Passes, in any process, send nothing more.
    await passes(new Date());
    expect(await t.app.outbox.sendDue()).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await skipped()).toHaveLength(1);
  });

  it('switches off, refuses a monthly amount under a gram and a day past 28', async () => {
    const { token } = await customer('300');
    expect((await send('PUT', '/gae/auto-save', { amountUsdt: '5', dayOfMonth: 3 }, token)).statusCode).toBe(422);
    expect((await send('PUT', '/gae/auto-save', { amountUsdt: '150', dayOfMonth: 29 }, token)).statusCode).toBe(400);
    expect((await send('PUT', '/gae/auto-save', { amountUsdt: '150', dayOfMonth: 3 }, token)).statusCode).toBe(200);
    const off = await send('PUT', '/gae/auto-save', { enabled: false }, token);
    expect(off.json()).toEqual({ autoSave: null });
    const due = (await autoSaveOf(token)) ?? null;
    expect(due).toBeNull();
  });

  it('needs an open plan', async () => {
    const session = await signedInUser(t.app);
    await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${session.user.id}'`);
    const res = await send('PUT', '/gae/auto-save', { amountUsdt: '150', dayOfMonth: 3 }, session.token);
    expect(res.statusCode).toBe(409);
  });
});

describe('GAE auto-save frequencies', () => {
  const skipMessages = async (userId: string) => {
    const planId = (await t.database.executeSql(`SELECT id FROM gae_plans WHERE user_id = $1`, [userId])).rows[0]!.id;
    return (await t.app.outbox.messages(`gae.auto-save-skipped:${planId}:`)).map((m) => m.payload);
  };

  it('weekly: buys once in its ISO week on its weekday, whatever passes run, then the same weekday next week', async () => {
    const { token, user } = await customer('700');
    // Set on Monday 2031-01-06 for Wednesdays.
    const set = await setOn('2031-01-06', user.id, { amountUsdt: '150', frequency: 'weekly', dayOfWeek: 3 });
    expect(set.autoSave).toMatchObject({
      frequency: 'weekly',
      dayOfWeek: 3,
      dayOfMonth: null,
      nextRunOn: '2031-01-08',
    });
    expect(await autoSaveOf(token)).toMatchObject({ frequency: 'weekly', nextRunOn: '2031-01-08', paused: false });

    await passes(at('2031-01-07'));
    expect(await gaeCount(token)).toBe(1);
    // Wednesday: both processes' passes, twice: one purchase.
    await passes(at('2031-01-08'));
    await passes(at('2031-01-08', '15'));
    await passes(at('2031-01-10'));
    expect(await gaeCount(token)).toBe(2);
    expect(await autoSaveOf(token)).toMatchObject({
      nextRunOn: '2031-01-15',
      lastRun: { period: '2031-W02', outcome: 'bought', reason: null },
    });
    await passes(at('2031-01-15'));
    await passes(at('2031-01-15', '23'));
    expect(await gaeCount(token)).toBe(3);

    const runs = await runsOf(token);
    expect(runs.nextCursor).toBeNull();
    expect(runs.data.map((r) => [r.period, r.ranOn, r.outcome, r.amountUsdt])).toEqual([
      ['2031-W03', '2031-01-15', 'bought', '150'],
      ['2031-W02', '2031-01-08', 'bought', '150'],
    ]);
    expect(toUnits(runs.data[0]!.grams!, 'GOLD')).toBeGreaterThanOrEqual(toUnits('1', 'GOLD'));
    expect(runs.data[0]!.transactionCode).toMatch(/^GA-/);
    // Another customer sees none of them.
    const other = await customer('300');
    expect((await runsOf(other.token)).data).toEqual([]);
  });

  it('daily with a monthly cap: skips once the month would pass the cap (told once a month), buys again next month, skips a short balance; skips notified with their reason', async () => {
    const { token, user, input } = await customer('1000');
    const set = await setOn('2031-03-31', user.id, { amountUsdt: '150', frequency: 'daily', monthlyCapUsdt: '300' });
    expect(set.autoSave).toMatchObject({ frequency: 'daily', monthlyCapUsdt: '300', nextRunOn: '2031-03-31' });
    // March: one purchase (150 of 300). April: two fill the cap, the next days skip.
    for (const day of ['2031-03-31', '2031-04-01', '2031-04-02', '2031-04-03', '2031-04-04']) await passes(at(day));
    expect(await gaeCount(token)).toBe(4);
    expect(await usdtOf(token)).toBe(toUnits('350', 'USDT'));
    expect(await autoSaveOf(token)).toMatchObject({
      nextRunOn: '2031-04-05',
      lastRun: { period: '2031-04-04', outcome: 'skipped', reason: 'cap' },
    });

    // Raised to 400 a day without a cap on the 4th (its day has run: the next is the 5th); 350 is short.
    const raised = await setOn('2031-04-04', user.id, { amountUsdt: '400', frequency: 'daily' });
    expect(raised.autoSave).toMatchObject({ monthlyCapUsdt: null, nextRunOn: '2031-04-05' });
    await passes(at('2031-04-05'));
    await passes(at('2031-04-05', '12'));
    expect(await usdtOf(token)).toBe(toUnits('350', 'USDT'));
    expect(await gaeCount(token)).toBe(4);

    // Skips are owed as outbox messages, once each, saying why; the cap's second skip in April is not.
    const messages = await skipMessages(user.id);
    expect(messages).toHaveLength(2);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ period: '2031-04-03', frequency: 'daily', reason: 'cap' }),
        expect.objectContaining({ period: '2031-04-05', frequency: 'daily', reason: 'balance' }),
      ]),
    );
    const mails = async () =>
      (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(input.email)}`))
        .json<MailboxMessage[]>()
        .filter((m) => m.subject.includes('auto-save'));
    for (let i = 0; i < 50 && (await mails()).length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    const sent = await mails();
    expect(sent.map((m) => m.subject)).toHaveLength(2);
    const cap = sent.find((m) => m.subject === 'Your GAE auto-save for Thursday 3 April 2031 was skipped');
    const short = sent.find((m) => m.subject === 'Your GAE auto-save for Saturday 5 April 2031 was skipped');
    expect(cap?.text, JSON.stringify(sent.map((m) => m.subject))).toContain('past your monthly cap of 300.00 USDT');
    expect(short?.text).toContain('your USDT balance was too low');
    expect(short?.text).toContain('400.00 USDT');

    // The runs, newest first, three a page by key.
    const first = await runsOf(token, '?pageSize=3');
    expect(first.data.map((r) => [r.period, r.outcome, r.reason])).toEqual([
      ['2031-04-05', 'skipped', 'balance'],
      ['2031-04-04', 'skipped', 'cap'],
      ['2031-04-03', 'skipped', 'cap'],
    ]);
    expect(first.data[0]!.grams).toBeNull();
    const last = await runsOf(token, `?pageSize=3&cursor=${first.nextCursor!}`);
    expect(last.data.map((r) => [r.period, r.outcome])).toEqual([
      ['2031-04-02', 'bought'],
      ['2031-04-01', 'bought'],
      ['2031-03-31', 'bought'],
    ]);
    expect(last.nextCursor).toBeNull();
  });

  it('pause buys and skips nothing; resume starts from that day with no catch-up', async () => {
    const { token, user } = await customer('700');
    await setOn('2031-05-05', user.id, { amountUsdt: '150', frequency: 'weekly', dayOfWeek: 5 });
    const paused = await send('PUT', '/gae/auto-save', { paused: true }, token);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().autoSave).toMatchObject({ paused: true, nextRunOn: null, frequency: 'weekly', dayOfWeek: 5 });
    // Pausing again changes nothing.
    expect((await send('PUT', '/gae/auto-save', { paused: true }, token)).json().autoSave).toMatchObject({
      paused: true,
    });
    for (const day of ['2031-05-09', '2031-05-16']) await passes(at(day));
    expect(await gaeCount(token)).toBe(1);
    expect((await runsOf(token)).data).toEqual([]);
    expect(await skipMessages(user.id)).toEqual([]);

    // Resumed on Tuesday the 20th: the next Friday, not the two missed ones.
    const resumed = await setOn('2031-05-20', user.id, { paused: false });
    expect(resumed.autoSave).toMatchObject({ paused: false, nextRunOn: '2031-05-23' });
    await passes(at('2031-05-23'));
    await passes(at('2031-05-23', '18'));
    expect(await gaeCount(token)).toBe(2);
    expect((await runsOf(token)).data.map((r) => r.period)).toEqual(['2031-W21']);
    // Resuming what runs keeps its next day.
    expect((await setOn('2031-05-24', user.id, { paused: false })).autoSave).toMatchObject({
      nextRunOn: '2031-05-30',
    });
  });

  it('refuses bad schedules, amounts and caps with a clear 4xx and changes nothing', async () => {
    const { token } = await customer('300');
    expect((await send('PUT', '/gae/auto-save', { paused: true }, token)).statusCode).toBe(409);
    const good = { amountUsdt: '150', frequency: 'weekly', dayOfWeek: 2, monthlyCapUsdt: '600' };
    expect((await send('PUT', '/gae/auto-save', good, token)).statusCode).toBe(200);
    const before = await autoSaveOf(token);
    const refusals: [unknown, number, string][] = [
      [{ amountUsdt: '150', frequency: 'yearly', dayOfMonth: 3 }, 400, 'frequency is daily, weekly or monthly'],
      [{ amountUsdt: '150', frequency: 'weekly' }, 400, 'needs dayOfWeek'],
      [{ amountUsdt: '150', frequency: 'weekly', dayOfWeek: 0 }, 400, 'Monday'],
      [{ amountUsdt: '150', frequency: 'weekly', dayOfWeek: 8 }, 400, 'Sunday'],
      [{ amountUsdt: '150', frequency: 'weekly', dayOfWeek: 2.5 }, 400, 'dayOfWeek'],
      [{ amountUsdt: '150', frequency: 'monthly' }, 400, 'needs dayOfMonth'],
      [{ amountUsdt: '150', frequency: 'monthly', dayOfMonth: 0 }, 400, '1 to 28'],
      [{ amountUsdt: '150', frequency: 'monthly', dayOfMonth: 29 }, 400, '1 to 28'],
      [{ amountUsdt: '150', frequency: 'daily', dayOfWeek: 3 }, 400, 'dayOfWeek'],
      [{ amountUsdt: '-150', frequency: 'daily' }, 400, 'Enter an amount'],
      [{ amountUsdt: '0', frequency: 'daily' }, 422, 'more than zero'],
      [{ amountUsdt: '5000000', frequency: 'daily' }, 422, 'at most 1000000 USDT'],
      [{ amountUsdt: '5', frequency: 'daily' }, 422, 'smallest GAE purchase'],
      [{ amountUsdt: '150', frequency: 'daily', monthlyCapUsdt: '-1' }, 400, 'Enter an amount'],
      [{ amountUsdt: '150', frequency: 'daily', monthlyCapUsdt: '0' }, 422, 'cap is below'],
      [{ amountUsdt: '150', frequency: 'daily', monthlyCapUsdt: '149.99' }, 422, 'cap is below'],
      [{ amountUsdt: '150', frequency: 'daily', monthlyCapUsdt: '99999999' }, 422, 'at most 1000000 USDT'],
      [{ paused: 'yes' }, 400, 'paused is true or false'],
      [{ paused: true, amountUsdt: '150' }, 400, 'amountUsdt'],
      [{ enabled: true }, 400, 'enabled'],
      [{}, 400, 'Amount is required'],
    ];
    for (const [body, status, message] of refusals) {
      const res = await send('PUT', '/gae/auto-save', body, token);
      expect([JSON.stringify(body), res.statusCode], res.body).toEqual([JSON.stringify(body), status]);
      expect(res.json<{ error: { message: string } }>().error.message, JSON.stringify(body)).toContain(message);
    }
    expect(await autoSaveOf(token)).toEqual(before);
    expect((await get(t.app, '/gae/auto-save/runs?pageSize=0', token)).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { toUnits, type GaePlanResponse, type GaeQuote, type MailboxMessage } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { nextAutoSaveDay, dayOf } from './gae.rules.js';

/*
 * The monthly auto-save with a controlled clock: `runAutoSaves(at)` is the job's pass at `at`.
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
const gaeCount = async (token: string) =>
  (await get(t.app, '/transactions?type=GAE&pageSize=100', token)).json<{ data: unknown[] }>().data.length;

describe('GAE auto-save', () => {
  it('buys once per month on its day, in every process at once, and skips a short month with a mail', async () => {
    const { token, input } = await customer('700');
    const set = await send('PUT', '/gae/auto-save', { amountUsdt: '150', dayOfMonth: 5 }, token);
    expect(set.statusCode, set.body).toBe(200);
    const today = dayOf(new Date());
    const first = nextAutoSaveDay(5, today);
    expect(set.json().autoSave).toMatchObject({ amountUsdt: '150', dayOfMonth: 5, nextRunOn: first, lastRun: null });
    const at = (day: string, hour = '08') => new Date(`${day}T${hour}:00:00Z`);
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
    const nextMonth = afterFirst!.nextRunOn;
    expect(nextMonth.slice(8)).toBe('05');
    expect(nextMonth > first).toBe(true);

    // Next month 350 USDT is left: bought again.
    await passes(at(nextMonth));
    expect(await gaeCount(token)).toBe(3);
    // 200 USDT is left: raised to 400 a month, the next month is short.
    const raised = await send('PUT', '/gae/auto-save', { amountUsdt: '400', dayOfMonth: 5 }, token);
    expect(raised.statusCode).toBe(200);
    // A change never brings back a month that has already run.
    const third = (await autoSaveOf(token))!.nextRunOn;
    expect(third > nextMonth).toBe(true);
    const left = await usdtOf(token);
    expect(left).toBeLessThan(toUnits('400', 'USDT'));
    await passes(at(third));
    await passes(at(third, '10'));
    expect(await usdtOf(token)).toBe(left);
    expect(await gaeCount(token)).toBe(3);
    expect(await autoSaveOf(token)).toMatchObject({ lastRun: { period: third.slice(0, 7), outcome: 'skipped' } });

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
      `INSERT INTO gae_auto_save_runs (plan_id, period, outcome, created_at)
       SELECT id, '2020-01', 'skipped', now() - interval '1 hour' FROM gae_plans WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
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

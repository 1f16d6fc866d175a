import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import type { Database } from '../../db/client.js';
import { databaseBefore } from '../../test/migrations.js';
import { noticeWords, type NoticeFacts } from './notifications.rules.js';

/*
 * The upgrade to notices recorded as facts (migration 0060) loses none owed: the in-app notices
 * waiting in the outbox become notifications, worded as their handler worded them (a KYC
 * decision since replaced is not told, as the handler did not), and their messages are done.
 * On a fresh embedded database, whatever DATABASE_URL says: it needs the schema before 0060.
 */
let database: Database;
let upgrade: () => Promise<void>;
beforeAll(async () => {
  ({ database, upgrade } = await databaseBefore((statement) => statement.includes('ADD COLUMN IF NOT EXISTS "facts"')));
}, 120_000);
afterAll(async () => database.close());

describe('migration 0060', () => {
  it('turns every in-app notice still owed into a notification, and marks its message sent', async () => {
    const userId = randomUUID();
    await database.executeSql(
      `INSERT INTO users (id, username, email, password_hash, user_hash, ref_code, kyc_status)
       VALUES ('${userId}', 'upgrader', 'upgrader@example.com', 'x', 'hash-upgrader', 'REFUPGRD', 'Verified')`,
    );
    const owe = (kind: string, key: string, payload: Record<string, string>, sent = false) =>
      database.executeSql(
        `INSERT INTO outbox_messages (kind, key, payload, sent_at) VALUES ($1, $2, $3::jsonb, ${sent ? 'now()' : 'NULL'})`,
        [kind, key, JSON.stringify({ userId, ...payload })],
      );
    await owe('notify.deposit', 'notify.deposit:0xabc:1', { amount: toUnits('12.5', 'USDT').toString() });
    await owe('notify.settled', 'notify.settled:m1', { amount: '750000000000000000' });
    await owe('notify.staking', 'notify.staking:s1', {
      code: 'STK-1',
      amount: '100000000000000000000',
      interest: '1250000000000000000',
    });
    await owe('notify.kyc', 'notify.kyc:now', { status: 'Verified' });
    // A decision replaced since (the customer is Verified now): its handler told nothing.
    await owe('notify.kyc', 'notify.kyc:before', { status: 'Rejected' });
    // Delivered before the upgrade: already a notification of the old shape, not made again.
    await owe('notify.deposit', 'notify.deposit:0xdef:2', { amount: toUnits('1', 'USDT').toString() }, true);
    // Not a notice: left to its own handler.
    await owe('auth.password-reset', 'auth.password-reset:x', {});

    await upgrade();

    const { rows } = await database.executeSql(
      `SELECT kind, key, facts, title, body FROM notifications WHERE user_id = $1 ORDER BY key`,
      [userId],
    );
    const byKey = Object.fromEntries(rows.map((row) => [String(row.key), row]));
    expect(Object.keys(byKey)).toEqual([
      'notify.deposit:0xabc:1',
      'notify.kyc:now',
      'notify.settled:m1',
      'notify.staking:s1',
    ]);
    expect(rows.map((row) => [row.kind, row.title, row.body])).toEqual([
      ['deposit', null, null],
      ['kyc', null, null],
      ['purchase', null, null],
      ['staking', null, null],
    ]);
    const words = (key: string) => noticeWords(byKey[key]!.facts as NoticeFacts).title;
    expect(words('notify.deposit:0xabc:1')).toBe('Deposit credited: 12.5 USDT');
    expect(words('notify.settled:m1')).toBe('0.75 QMGT settled on chain');
    expect(words('notify.staking:s1')).toBe('Stake STK-1 matured');
    expect(words('notify.kyc:now')).toBe('Identity verified');

    const messages = await database.executeSql(`SELECT kind, sent_at FROM outbox_messages ORDER BY key`);
    expect(messages.rows.filter((m) => m.sent_at === null).map((m) => m.kind)).toEqual(['auth.password-reset']);

    // A row must have its words or its facts.
    await expect(
      database.executeSql(`INSERT INTO notifications (user_id, kind, key) VALUES ($1, 'deposit', 'bare')`, [userId]),
    ).rejects.toThrow(/notifications_words_check/);
  });
});

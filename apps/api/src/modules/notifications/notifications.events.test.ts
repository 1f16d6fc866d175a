import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits, type MailboxMessage, type NotificationsResponse } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { customerKit, sendWithKey } from '../../test/customers.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';
import { until } from '../../test/within.js';

/*
 * The product's events notify in the app: those with a mail through the outbox message they owe
 * in their own transaction (the mail goes only while the customer keeps that kind's e-mail on),
 * those without one recorded as notifications in that transaction itself
 * (sql/notifications_record_event.sql) and worded when read.
 */

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator());
}, 120_000);
afterAll(async () => t.close());

const { deposit } = customerKit(() => t);
const list = async (token: string) => (await get(t.app, '/notifications', token)).json<NotificationsResponse>();
/** Waits until the customer has `count` notifications; their titles, newest first. */
const titles = (token: string, count: number) =>
  until(async () => {
    const page = await list(token);
    return page.data.length >= count ? page.data.map((n) => n.title) : undefined;
  });
const subjects = async (email: string) =>
  (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(email)}`)).json<MailboxMessage[]>().map((m) => m.subject);

async function ticketAnswered(user: Awaited<ReturnType<typeof signedInUser>>, subject: string) {
  await post(t.app, '/contact', { name: 'Asha', email: user.input.email, subject, message: 'Where?' }, user.token);
  const ticket = await until(async () => {
    const tickets = (await get(t.app, '/support/tickets', user.token)).json<{ data: { id: string; code: string }[] }>();
    return tickets.data[0];
  });
  const reply = await post(t.app, `/admin/support/tickets/${ticket.id}/reply`, { body: 'Here.' }, operatorToken);
  expect(reply.statusCode).toBe(200);
  return ticket;
}

describe('notifications from events', () => {
  it('a support reply notifies with a link and mails, and mails no more once support e-mail is off', async () => {
    const user = await signedInUser(t.app);
    const ticket = await ticketAnswered(user, 'Statement');
    expect(await titles(user.token, 1)).toEqual(['Support replied: Statement']);
    expect((await list(user.token)).data[0]).toMatchObject({ kind: 'support', link: '/support', body: 'Here.' });
    await until(async () =>
      (await subjects(user.input.email)).includes(`Reply to your message (${ticket.code})`) ? true : undefined,
    );

    const off = await sendWithKey(t.app, 'PUT', '/notification-preferences', { email: { support: false } }, user.token);
    expect(off.statusCode).toBe(200);
    const second = await ticketAnswered(user, 'Second');
    expect(await titles(user.token, 2)).toEqual(['Support replied: Second', 'Support replied: Statement']);
    // Handled (the notification is there): no reply mail for the second ticket.
    await new Promise((r) => setTimeout(r, 300));
    expect(await subjects(user.input.email)).not.toContain(`Reply to your message (${second.code})`);
  });

  it('a KYC decision notifies once per decision; a USDT deposit credited notifies its amount', async () => {
    const user = await signedInUser(t.app);
    const setKyc = (status: string) =>
      t.database.executeSql(`UPDATE users SET kyc_status = $1 WHERE id = $2`, [status, user.user.id]);
    await setKyc('Rejected');
    expect(await titles(user.token, 1)).toEqual(['Identity verification not approved']);
    await setKyc('Pending');
    await setKyc('Verified');
    // Touching the row again without a change tells nothing more.
    await setKyc('Verified');
    expect(await titles(user.token, 2)).toEqual(['Identity verified', 'Identity verification not approved']);

    await deposit(user.user.id, '12.5');
    expect((await titles(user.token, 3))[0]).toBe('Deposit credited: 12.5 USDT');
    await new Promise((r) => setTimeout(r, 300));
    expect((await list(user.token)).data).toHaveLength(3);
    expect((await list(user.token)).unread).toBe(3);
  });

  it('QMGT minted to a customer and settled on chain notifies once; a burn and a stake still open do not', async () => {
    const user = await signedInUser(t.app);
    const sql = (text: string, params: unknown[]) => t.database.executeSql(text, params);
    const moved = async (kind: 'mint' | 'burn', qmgt: string) =>
      (
        await sql(
          `INSERT INTO chain_movements (transaction_id, user_id, kind, amount)
           VALUES (gen_random_uuid(), $1, $2, $3) RETURNING seq::text`,
          [user.user.id, kind, toUnits(qmgt, 'QMGT').toString()],
        )
      ).rows[0]!.seq as string;
    const mint = await moved('mint', '0.75');
    const burn = await moved('burn', '2');
    const settle = (seq: string) => sql(`UPDATE chain_movements SET status = 'settled' WHERE seq = $1::bigint`, [seq]);
    await settle(mint);
    await settle(burn);
    await sql(`UPDATE chain_movements SET status = 'settled' WHERE seq = $1::bigint`, [mint]);
    expect(await titles(user.token, 1)).toEqual(['0.75 QMGT settled on chain']);

    const stake = (
      await sql(
        `INSERT INTO staking_positions (code, user_id, amount, term_days, apr_bps, interest, starts_at, matures_at)
         VALUES ('STK-' || substr(md5(random()::text), 1, 8), $1, $2, 30, 500, $3, now(), now()) RETURNING id, code`,
        [user.user.id, toUnits('100', 'QMGT').toString(), toUnits('0.41', 'QMGT').toString()],
      )
    ).rows[0] as { id: string; code: string };
    await sql(`UPDATE staking_positions SET status = 'matured' WHERE id = $1`, [stake.id]);
    await sql(`UPDATE staking_positions SET status = 'matured' WHERE id = $1`, [stake.id]);
    const page = await list(user.token);
    expect(page.data.map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
      [
        'staking',
        `Stake ${stake.code} matured`,
        '100 QMGT and 0.41 QMGT of interest are back in your wallet.',
        '/staking',
      ],
      [
        'purchase',
        '0.75 QMGT settled on chain',
        'Your 0.75 QMGT is final on chain at your wallet address.',
        '/transactions',
      ],
    ]);
    expect(page.unread).toBe(2);
  });
});

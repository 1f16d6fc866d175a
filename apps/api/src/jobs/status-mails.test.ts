import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailboxMessage } from '@qmgt/contracts';
import { build, type TestApp } from '../test/build.js';
import { get, signedInUser } from '../test/factories.js';
import { rewardMails } from '../modules/referrals/referrals.module.js';
import { terminationMails } from '../modules/gae/gae.module.js';
import { usdauMails } from '../modules/usdau/usdau.module.js';
import { sweepStatusMails } from './status-mails.js';

/*
 * A request's status mail is owed from the moment the money operation changes the status
 * (the row is the outbox), not from the moment the service queues the job: a process that
 * dies between the two loses nothing, the sweep queues it a minute on.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
}, 120_000);
afterAll(async () => t.close());

const mails = async (to: string) =>
  (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(to)}`)).json<MailboxMessage[]>();
const mailedStatus = async (id: string) =>
  (
    (await t.database.executeSql('SELECT mailed_status FROM reward_requests WHERE id = $1', [id])).rows[0] as {
      mailed_status: string | null;
    }
  ).mailed_status;
const sweepAll = (at: Date) =>
  Promise.all(
    [rewardMails, terminationMails, usdauMails].map((outbox) =>
      sweepStatusMails(t.app.database.db, t.app.jobs, outbox, at),
    ),
  );

describe('status mails', () => {
  it('sends a decision mail whose job was never queued, once, and only for a status that is mailed', async () => {
    const user = await signedInUser(t.app);
    const code = `RW-CRASH${Math.floor(Math.random() * 900 + 100)}`;
    // Filed: a pending payout owes no mail (customers are mailed about the decision only).
    const id = (
      (
        await t.database.executeSql(
          `INSERT INTO reward_requests (code, user_id, amount, status, created_at)
           VALUES ($1, $2, 5000000000000000000, 'pending', now()) RETURNING id`,
          [code, user.user.id],
        )
      ).rows[0] as { id: string }
    ).id;
    const later = () => new Date(Date.now() + 61_000);
    expect((await sweepAll(later()))[0]).toBe(0);

    // Decided, then the process "dies" before queueing the mail.
    await t.database.executeSql(
      `UPDATE reward_requests SET status = 'rejected', reason = 'Not yet vested', decided_at = now() WHERE id = $1`,
      [id],
    );
    // Younger than a minute: its own process is mailing it; the sweep leaves it.
    expect((await sweepAll(new Date()))[0]).toBe(0);
    // Two processes sweep at the same moment: one claims and queues it, the other leaves it.
    const at = later();
    const [first, second] = await Promise.all([
      sweepStatusMails(t.app.database.db, t.app.jobs, rewardMails, at),
      sweepStatusMails(t.app.database.db, t.app.jobs, rewardMails, at),
    ]);
    expect(first + second).toBe(1);
    for (let i = 0; i < 50 && (await mailedStatus(id)) !== 'rejected'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await mailedStatus(id)).toBe('rejected');
    const sent = (await mails(user.input.email)).filter((m) => m.subject.includes(code));
    expect(sent.map((m) => m.subject)).toEqual([`Your reward payout was not approved (${code})`]);
    expect(sent[0]?.text).toContain('Not yet vested');

    // Paid: another sweep, in any process, a minute on, owes and sends nothing more.
    expect((await sweepAll(new Date(at.getTime() + 61_000)))[0]).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect((await mails(user.input.email)).filter((m) => m.subject.includes(code))).toHaveLength(1);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailboxMessage } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { openDatabase, type Database } from '../../db/client.js';
import { createOutbox, outboxBackoffMs, type Outbox } from './index.js';

/*
 * The outbox's promises, on PGlite and (DATABASE_URL) on PostgreSQL: a message exists if and
 * only if the change that owes it commits; one key is one message; senders in several
 * processes never send one message twice in normal operation; a sender that dies holding a
 * message repeats it once its lease ends (seconds), never later and never loses it; a failing
 * handler is retried with backoff.
 */
let t: TestApp;
/** A second connection pool on the same database: another process's sender (PostgreSQL). */
let other: Database | undefined;
beforeAll(async () => {
  t = await build();
  if (t.database.connectionString)
    other = await openDatabase({ databaseUrl: t.database.connectionString, poolSize: 4 });
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t.close();
});

/** Each test its own kind: the app's sender (which handles only its own kinds) leaves it alone. */
const newKind = () => `test.${randomUUID()}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sender object of our own, as another process would have one. */
function sender(options: { database?: Database; leaseMs?: number; backoffMs?: number } = {}): Outbox {
  return createOutbox({
    database: options.database ?? t.database,
    leaseMs: options.leaseMs ?? 20_000,
    backoffMs: options.backoffMs ?? 2_000,
  });
}

describe('owing', () => {
  it('owes nothing in a transaction that rolls back, and one message for one key owed twice', async () => {
    const kind = newKind();
    const outbox = sender();
    const delivered: string[] = [];
    outbox.handle<{ n: number }>(kind, async (payload, delivery) => {
      delivered.push(`${delivery.key}#${payload.n}`);
    });

    await expect(
      t.database.db.transaction(async (tx) => {
        await outbox.owe(tx, { kind, key: `${kind}:rolled-back`, payload: { n: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    for (const n of [1, 2])
      await t.database.db.transaction(async (tx) => outbox.owe(tx, { kind, key: `${kind}:once`, payload: { n } }));

    expect(await outbox.sendDue()).toBe(1);
    expect(await outbox.sendDue()).toBe(0);
    // The first owing's payload: owing again changed nothing.
    expect(delivered).toEqual([`${kind}:once#1`]);
    const messages = await outbox.messages(kind);
    expect(messages.map((m) => [m.key, m.sentAt !== null, m.attempts])).toEqual([[`${kind}:once`, true, 1]]);
  });

  it("is sent at once by the app's own sender after the commit that owes it", async () => {
    const kind = newKind();
    const seen: string[] = [];
    t.app.outbox.handle(kind, async (_payload, delivery) => {
      seen.push(delivery.key);
    });
    await t.database.db.transaction(async (tx) => t.app.outbox.owe(tx, { kind, key: `${kind}:now`, payload: {} }));
    for (let i = 0; i < 50 && seen.length === 0; i++) await sleep(50);
    expect(seen).toEqual([`${kind}:now`]);
    for (let i = 0; i < 50 && (await t.app.outbox.messages(kind))[0]?.sentAt === null; i++) await sleep(50);
    expect((await t.app.outbox.messages(kind))[0]?.sentAt).not.toBeNull();
  });
});

describe('sending', () => {
  it('two senders on one database never send a message twice', async () => {
    const kind = newKind();
    const sends = new Map<string, number>();
    const senders = [sender(), sender({ database: other ?? t.database })].map((outbox) => {
      outbox.handle(kind, async (_payload, delivery) => {
        sends.set(delivery.key, (sends.get(delivery.key) ?? 0) + 1);
        // A slow mail server: the other sender claims while this one is busy.
        await sleep(5);
      });
      return outbox;
    });
    const keys = Array.from({ length: 60 }, (_, i) => `${kind}:${i}`);
    for (const key of keys)
      await t.database.db.transaction(async (tx) => senders[0]!.owe(tx, { kind, key, payload: {} }));

    const [first, second] = await Promise.all(senders.map((outbox) => outbox.sendDue()));
    expect(first! + second!).toBe(keys.length);
    expect([...sends.keys()].sort()).toEqual([...keys].sort());
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    expect(await Promise.all(senders.map((outbox) => outbox.sendDue()))).toEqual([0, 0]);
  });

  it('repeats a message whose sender died after sending once its lease ends, never before, never again', async () => {
    const kind = newKind();
    const key = `${kind}:crash`;
    let sent = 0;
    // The sender that "dies": it sends, then never gets to mark the message (its process is gone).
    let revive: () => void = () => undefined;
    const dying = sender({ leaseMs: 1_500 });
    dying.handle(kind, async () => {
      sent++;
      await new Promise<void>((resolve) => {
        revive = resolve;
      });
    });
    const survivor = sender({ database: other ?? t.database, leaseMs: 1_500 });
    survivor.handle(kind, async () => {
      sent++;
    });
    await t.database.db.transaction(async (tx) => dying.owe(tx, { kind, key, payload: {} }));

    const stuck = dying.sendDue();
    for (let i = 0; i < 50 && sent === 0; i++) await sleep(20);
    expect(sent).toBe(1);
    // Within the lease, the survivor leaves it: in normal operation nothing is sent twice.
    expect(await survivor.sendDue()).toBe(0);
    const leaseEnd = (await survivor.messages(kind))[0]!.claimedUntil!;
    await sleep(1_700);
    // The lease is over: sent again, once, and marked.
    expect(await survivor.sendDue()).toBe(1);
    expect(sent).toBe(2);
    const [message] = await survivor.messages(kind);
    expect(message).toMatchObject({ sentAt: expect.any(Date), attempts: 2, claimedUntil: null });
    expect(message!.sentAt!.getTime()).toBeGreaterThanOrEqual(leaseEnd.getTime());
    // The "dead" sender comes back: its late mark changes nothing, and nothing is sent again.
    revive();
    await stuck;
    expect(await survivor.sendDue()).toBe(0);
    expect(await dying.sendDue()).toBe(0);
    expect(sent).toBe(2);
  });

  it('sends a message whose claim was left with an ended lease (never loses one)', async () => {
    const kind = newKind();
    const key = `${kind}:left`;
    const outbox = sender();
    const seen: string[] = [];
    outbox.handle(kind, async (_payload, delivery) => {
      seen.push(`${delivery.key}@${delivery.attempt}`);
    });
    await t.database.db.transaction(async (tx) => outbox.owe(tx, { kind, key, payload: {} }));
    // A process claimed it and died before sending: its lease ran out a second ago.
    await t.database.executeSql(
      `UPDATE outbox_messages SET claimed_until = now() - interval '1 second', attempts = 1 WHERE key = $1`,
      [key],
    );
    expect(await outbox.sendDue()).toBe(1);
    expect(seen).toEqual([`${key}@2`]);
  });

  it('retries a failing handler with a growing backoff, then sends', async () => {
    const kind = newKind();
    const key = `${kind}:flaky`;
    const outbox = sender({ backoffMs: 1_000 });
    let calls = 0;
    outbox.handle(kind, async () => {
      calls++;
      // The mail server accepted the first mail and then the connection broke: sent, not marked.
      if (calls <= 2) throw new Error(`smtp down (${calls})`);
    });
    await t.database.db.transaction(async (tx) => outbox.owe(tx, { kind, key, payload: {} }));

    expect(await outbox.sendDue()).toBe(0);
    let [message] = await outbox.messages(kind);
    expect(message).toMatchObject({ sentAt: null, claimedUntil: null, attempts: 1, lastError: 'smtp down (1)' });
    // Not before its backoff.
    expect(await outbox.sendDue()).toBe(0);
    expect(calls).toBe(1);
    await sleep(1_100);
    expect(await outbox.sendDue()).toBe(0);
    [message] = await outbox.messages(kind);
    expect(message).toMatchObject({ attempts: 2, lastError: 'smtp down (2)' });
    // The second wait is twice the first.
    await sleep(1_100);
    expect(await outbox.sendDue()).toBe(0);
    expect(calls).toBe(2);
    await sleep(1_000);
    expect(await outbox.sendDue()).toBe(1);
    expect(calls).toBe(3);
    [message] = await outbox.messages(kind);
    expect(message).toMatchObject({ sentAt: expect.any(Date), attempts: 3, lastError: null });
  });

  it('backs off 2 s, 4 s, 8 s... up to its ceiling', () => {
    expect([1, 2, 3, 4].map((attempts) => outboxBackoffMs(attempts, 2_000, 600_000))).toEqual([
      2_000, 4_000, 8_000, 16_000,
    ]);
    expect(outboxBackoffMs(40, 2_000, 600_000)).toBe(600_000);
  });
});

describe('handlers', () => {
  it('takes one handler per kind', () => {
    const kind = newKind();
    const outbox = sender();
    outbox.handle(kind, async () => {});
    expect(() => outbox.handle(kind, async () => {})).toThrow(`outbox kind ${kind} already has a handler`);
  });
});

describe('status mails', () => {
  const mails = async (to: string) =>
    (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(to)}`)).json<MailboxMessage[]>();

  it("owes a request's status mail with the status change itself, whatever writes it, and sends it once", async () => {
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
    expect(await t.app.outbox.messages(`referrals.reward-request:${id}`)).toEqual([]);

    // Decided by a bare UPDATE, and no service around to queue anything: the debt is in the
    // same commit, and the app's sender pays it.
    await t.database.executeSql(
      `UPDATE reward_requests SET status = 'rejected', reason = 'Not yet vested', decided_at = now() WHERE id = $1`,
      [id],
    );
    const sent = async () => (await mails(user.input.email)).filter((m) => m.subject.includes(code));
    for (let i = 0; i < 50 && (await sent()).length === 0; i++) await sleep(100);
    expect((await sent()).map((m) => m.subject)).toEqual([`Your reward payout was not approved (${code})`]);
    expect((await sent())[0]?.text).toContain('Not yet vested');
    for (let i = 0; i < 50 && (await t.app.outbox.messages(`referrals.reward-request:${id}`))[0]?.sentAt === null; i++)
      await sleep(50);
    expect(
      (await t.app.outbox.messages(`referrals.reward-request:${id}`)).map((m) => [m.key, m.sentAt !== null]),
    ).toEqual([[`referrals.reward-request:${id}:rejected`, true]]);

    // Another pass, here or in another process, sends nothing more.
    expect(await t.app.outbox.sendDue()).toBe(0);
    await sleep(300);
    expect(await sent()).toHaveLength(1);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { databaseBefore } from '../../test/migrations.js';

/*
 * The upgrade to the outbox (migration 0031) loses no mail: a database with debts recorded the
 * old way (mailed_status, mailed_at, close_mailed_at, an account mail's pg-boss job) comes out
 * with one message for each, and none for what was already mailed. On a fresh embedded
 * database, whatever DATABASE_URL says: the test needs the schema as it was before 0031.
 */
let database: Database;
let upgrade: () => Promise<void>;
beforeAll(async () => {
  ({ database, upgrade } = await databaseBefore((statement) => statement.includes('CREATE TABLE "outbox_messages"')));
}, 120_000);
afterAll(async () => database.close());

describe('migration 0031', () => {
  it('turns every mail owed the old way into one outbox message, and nothing already mailed', async () => {
    const userId = randomUUID();
    const [owedReward, mailedReward, ticket, owedMessage, mailedMessage] = [1, 2, 3, 4, 5].map(() => randomUUID());
    await database.executeSql(
      `INSERT INTO users (id, username, email, password_hash, user_hash, ref_code)
       VALUES ('${userId}', 'upgrader', 'upgrader@example.com', 'x', 'hash-upgrader', 'REFUPGRD')`,
    );
    // A payout decided whose mail never went out, and one whose mail did.
    await database.executeSql(
      `INSERT INTO reward_requests (id, code, user_id, amount, status, created_at, mailed_status) VALUES
         ('${owedReward}', 'RW-OWED', '${userId}', 5000000000000000000, 'rejected', now(), NULL),
         ('${mailedReward}', 'RW-MAILED', '${userId}', 5000000000000000000, 'approved', now(), 'approved')`,
    );
    // A closed ticket not yet told, a message not yet mailed and one mailed.
    await database.executeSql(
      `INSERT INTO support_tickets (id, code, user_id, name, email, subject, status, close_mailed_at)
       VALUES ('${ticket}', 'ST-UPGRADE', '${userId}', 'U', 'upgrader@example.com', 'Old', 'closed', NULL)`,
    );
    await database.executeSql(
      `INSERT INTO support_messages (id, ticket_id, author, body, mailed_at) VALUES
         ('${owedMessage}', '${ticket}', 'support', 'Owed', NULL),
         ('${mailedMessage}', '${ticket}', 'customer', 'Mailed', now())`,
    );

    // An account mail waiting in pg-boss (its only record), and one pg-boss already sent.
    const [waitingJob, doneJob] = [randomUUID(), randomUUID()];
    await database.executeSql(
      `CREATE SCHEMA pgboss;
       CREATE TABLE pgboss.job (id uuid PRIMARY KEY, name text NOT NULL, data jsonb, state text NOT NULL);`,
    );
    await database.executeSql(
      `INSERT INTO pgboss.job (id, name, data, state) VALUES
         ('${waitingJob}', 'mail.password-reset', '{"userId": "${userId}"}', 'retry'),
         ('${doneJob}', 'mail.password-reset', '{"userId": "${userId}"}', 'completed')`,
    );

    await upgrade();

    const { rows } = await database.executeSql(`SELECT kind, key, payload, sent_at FROM outbox_messages ORDER BY key`);
    expect(rows).toEqual(
      [
        {
          kind: 'auth.password-reset',
          key: `auth.password-reset:upgrade:${waitingJob}`,
          payload: { userId },
          sent_at: null,
        },
        {
          kind: 'referrals.reward-request',
          key: `referrals.reward-request:${owedReward}:rejected`,
          payload: { id: owedReward, status: 'rejected' },
          sent_at: null,
        },
        { kind: 'support.message', key: `support.message:${owedMessage}`, payload: { id: owedMessage }, sent_at: null },
        {
          kind: 'support.ticket-closed',
          key: `support.ticket-closed:${ticket}`,
          payload: { id: ticket },
          sent_at: null,
        },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    // The old columns are gone.
    const columns = await database.executeSql(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE column_name IN ('mailed_status', 'mailed_at', 'mail_swept_at', 'close_mailed_at', 'close_mail_swept_at')`,
    );
    expect(columns.rows).toEqual([]);
  });
});

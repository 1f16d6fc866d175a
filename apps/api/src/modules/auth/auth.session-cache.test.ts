import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@qmgt/contracts';
import { build, buildTwoProcesses, closeApps, type TestApp } from '../../test/build.js';
import { get, post, signedInUser } from '../../test/factories.js';
import { within } from '../../test/within.js';

const MINUTE = 60_000;

/** Statements that read or write the tables a session check uses. */
const sessionStatements = (statements: string[]) => statements.filter((s) => /"(sessions|users)"/.test(s));

/** Runs `act` and returns the statements on sessions and users the app sent meanwhile. */
async function statementsDuring(log: string[], act: () => Promise<unknown>): Promise<string[]> {
  const from = log.length;
  await act();
  return sessionStatements(log.slice(from));
}

/**
 * When the customer's latest session was last seen: the e-mail verification link opened one
 * too, before the sign-in whose token the test uses, and that one is never touched again.
 */
const lastSeenAt = async (t: TestApp, userId: string) =>
  (
    await t.database.executeSql(`SELECT max(last_seen_at) AS last_seen_at FROM sessions WHERE user_id = $1`, [userId])
  ).rows.map((r) => new Date(r.last_seen_at as string | Date).getTime());

describe('sessions answered from memory, on a controlled clock', () => {
  let t: TestApp;
  let clock = Date.now();
  const log: string[] = [];
  beforeAll(async () => {
    t = await build({}, { now: () => new Date(clock), onQuery: (sql) => log.push(sql) });
  });
  afterAll(async () => t.close());

  it('a GET on a cached session runs no SQL on sessions or users, and last_seen_at is written once a minute', async () => {
    const { token, user } = await signedInUser(t.app);
    const first = await statementsDuring(log, () => get(t.app, '/getInfo', token));
    // The first request checks the session against the database: it touches the row.
    expect(first.some((s) => s.startsWith('update "sessions"'))).toBe(true);
    const written = await lastSeenAt(t, user.id);

    clock += 30_000;
    const cached = await statementsDuring(log, async () => {
      expect((await get(t.app, '/getInfo', token)).statusCode).toBe(200);
    });
    expect(cached).toEqual([]);
    expect(await lastSeenAt(t, user.id)).toEqual(written);

    clock += 30_000;
    const due = await statementsDuring(log, () => get(t.app, '/getInfo', token));
    expect(due.filter((s) => s.startsWith('update "sessions"'))).toHaveLength(1);
    expect(await lastSeenAt(t, user.id)).toEqual([clock]);
  });

  it('idleness counts from the last request this process served, even one it has not written', async () => {
    const { token } = await signedInUser(t.app);
    expect((await get(t.app, '/getInfo', token)).statusCode).toBe(200);
    clock += 30_000;
    // Served from memory: last_seen_at in the database stays 30 s behind.
    expect((await get(t.app, '/getInfo', token)).statusCode).toBe(200);
    clock += 15 * MINUTE - 1;
    expect((await get(t.app, '/getInfo', token)).statusCode).toBe(200);
    clock += 15 * MINUTE;
    const idle = await get(t.app, '/getInfo', token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.message).toBe('Your session has ended. Please sign in again.');
    clock += 1;
    expect((await get(t.app, '/getInfo', token)).statusCode).toBe(401);
  });

  it('a session ends 8 hours after sign-in however active, refused from memory', async () => {
    const signedInAt = clock;
    const { token } = await signedInUser(t.app);
    while (clock < signedInAt + 8 * 60 * MINUTE - 10 * MINUTE) {
      clock += 10 * MINUTE;
      expect((await get(t.app, '/getInfo', token)).statusCode).toBe(200);
    }
    clock = signedInAt + 8 * 60 * MINUTE - 1;
    expect((await get(t.app, '/getInfo', token)).statusCode).toBe(200);
    clock += 1;
    const refused = await statementsDuring(log, async () => {
      expect((await get(t.app, '/getInfo', token)).statusCode).toBe(401);
    });
    expect(refused).toEqual([]);
  });
});

describe('changes reach the cached session in this process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  const kycOf = async (token: string) => (await get(t.app, '/getInfo', token)).json<{ user: User }>().user.kycVerified;

  it('a KYC status becoming Verified, and taken back, shows on the next request', async () => {
    const { token, user } = await signedInUser(t.app);
    expect(await kycOf(token)).toBe('Not Verified');
    await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = $1`, [user.id]);
    expect(await kycOf(token)).toBe('Verified');
    await t.database.executeSql(`UPDATE users SET kyc_status = 'Rejected' WHERE id = $1`, [user.id]);
    expect(await kycOf(token)).toBe('Rejected');
  });

  it('a role change opens and closes the operator routes at once', async () => {
    const { token, user } = await signedInUser(t.app);
    expect((await get(t.app, '/admin/ledger/check', token)).statusCode).toBe(403);
    await t.database.executeSql(`UPDATE users SET role = 'operator' WHERE id = $1`, [user.id]);
    expect((await get(t.app, '/admin/ledger/check', token)).statusCode).toBe(200);
    await t.database.executeSql(`UPDATE users SET role = 'customer' WHERE id = $1`, [user.id]);
    expect((await get(t.app, '/admin/ledger/check', token)).statusCode).toBe(403);
  });

  it('a session ended by any path (here plain SQL) is refused on the next request', async () => {
    const { token, user } = await signedInUser(t.app);
    expect((await get(t.app, '/getInfo', token)).statusCode).toBe(200);
    await t.database.executeSql(`UPDATE sessions SET ended_at = now(), end_reason = 'logout' WHERE user_id = $1`, [
      user.id,
    ]);
    expect((await get(t.app, '/getInfo', token)).statusCode).toBe(401);
  });
});

/*
 * Two API processes on one PostgreSQL database, each with its own pool, listener and cache.
 * PGlite is one process's embedded database, so this runs when DATABASE_URL is PostgreSQL.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('two API processes on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  const secondLog: string[] = [];
  beforeAll(async () => {
    ({ first, second } = await buildTwoProcesses((sql) => secondLog.push(sql)));
  });
  afterAll(async () => closeApps(second, first));

  const status = async (app: TestApp, token: string) => (await get(app.app, '/getInfo', token)).statusCode;

  it('a logout in one is refused by the other within a second; until then it answered from memory', async () => {
    const { token } = await signedInUser(first.app);
    expect(await status(second, token)).toBe(200);
    expect(await statementsDuring(secondLog, () => status(second, token))).toEqual([]);
    expect((await post(first.app, '/auth/logout', undefined, token)).statusCode).toBe(204);
    expect(await within(1_000, async () => (await status(second, token)) === 401)).toBeLessThan(1_000);
  });

  it('a KYC status change in one reaches the other within a second', async () => {
    const { token, user } = await signedInUser(first.app);
    expect((await get(second.app, '/getInfo', token)).json<{ user: User }>().user.kycVerified).toBe('Not Verified');
    await first.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = $1`, [user.id]);
    await within(
      1_000,
      async () => (await get(second.app, '/getInfo', token)).json<{ user: User }>().user.kycVerified === 'Verified',
    );
  });

  it('a password change in one ends the old sessions in the other within a second', async () => {
    const { token, input } = await signedInUser(first.app);
    expect(await status(second, token)).toBe(200);
    const changed = await post(
      first.app,
      '/auth/local/change-password',
      { currentPassword: input.password, password: 'new-password-1', passwordConfirmation: 'new-password-1' },
      token,
    );
    expect(changed.statusCode).toBe(200);
    await within(1_000, async () => (await status(second, token)) === 401);
    expect(await status(second, changed.json<{ jwt: string }>().jwt)).toBe(200);
  });

  it('with its listener connection killed, the other still refuses a revoked session within a second, and listens again', async () => {
    const { token } = await signedInUser(first.app);
    expect(await status(second, token)).toBe(200);
    const killed = await first.database.executeSql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'qmgt-listen-auth_changes'`,
    );
    expect(killed.rows.length).toBeGreaterThanOrEqual(2);
    expect((await post(first.app, '/auth/logout', undefined, token)).statusCode).toBe(204);
    await within(1_000, async () => (await status(second, token)) === 401);

    // Listening again: after more than the fallback's second, a session is still answered from memory.
    await within(2_000, async () => {
      const listeners = await first.database.executeSql(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'qmgt-listen-auth_changes'`,
      );
      return listeners.rows[0]?.n === 2;
    });
    const other = await signedInUser(first.app);
    expect(await status(second, other.token)).toBe(200);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await statementsDuring(secondLog, () => status(second, other.token))).toEqual([]);
  });
});

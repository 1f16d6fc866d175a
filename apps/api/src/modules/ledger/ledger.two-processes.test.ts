import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';
import { createUser } from '../users/users.service.js';
import { InsufficientFundsError } from './ledger.service.js';

/*
 * Two API instances, each with its own connection pool and job queue, on one PostgreSQL
 * database: money correctness must not depend on there being one process. PGlite is one
 * process's embedded database by nature, so this runs when DATABASE_URL points at PostgreSQL.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('two API processes on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await build();
    second = await build({}, { sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('concurrent spends of one balance from both: exactly the affordable ones succeed, invariants hold', async () => {
    const user = await createUser(first.database.db, {
      username: `two_${Date.now()}`,
      email: `two_${Date.now()}@example.com`,
      passwordHash: 'x',
    });
    const post = (app: TestApp, amount: bigint) =>
      app.database.db.transaction((tx) =>
        app.app.services.ledger.post(tx, { type: 'withdrawal' }, [
          { account: { userId: user.id, purpose: 'available' }, asset: 'USDT', amount: -amount },
          { account: { platform: 'external' }, asset: 'USDT', amount },
        ]),
      );
    await first.database.db.transaction((tx) =>
      first.app.services.ledger.post(tx, { type: 'deposit' }, [
        { account: { platform: 'external' }, asset: 'USDT', amount: -1000n },
        { account: { userId: user.id, purpose: 'available' }, asset: 'USDT', amount: 1000n },
      ]),
    );
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => post(i % 2 ? first : second, 30n)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(33);
    expect(results.every((r) => r.status === 'fulfilled' || r.reason instanceof InsufficientFundsError)).toBe(true);
    const balances = await second.app.services.ledger.balances(user.id);
    expect(balances.USDT.available).toBe(10n);
    expect(await first.app.services.ledger.check()).toMatchObject({ balanced: true, nonNegative: true });
  });
});

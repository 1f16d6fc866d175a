import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createMoneyEngine, type MoneyOperation } from './money.engine.js';

/* The engine runs again a batch the database rolled back as a deadlock's victim, and only that. */

function fakeDatabase(failures: unknown[]) {
  const calls: string[] = [];
  const database = {
    kind: 'postgres',
    async executeSql(_text: string, values?: unknown[]) {
      calls.push(String(values?.[0]));
      const failure = failures.shift();
      if (failure) throw failure;
      const ops = JSON.parse(String(values?.[0])) as unknown[];
      return { rows: [{ answers: ops.map(() => ({ status: 200 })) }] };
    },
  } as unknown as Database;
  return { database, calls };
}

// Never reaches SQL (the database is faked): only its shape as the engine queues it matters.
const op = { kind: 'sell', userId: '00000000-0000-4000-8000-000000000001' } as unknown as MoneyOperation;

describe('money engine retries', () => {
  it('runs a deadlocked or serialization-failed batch again and answers', async () => {
    const { database, calls } = fakeDatabase([
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      Object.assign(new Error('could not serialize access'), { code: '40001' }),
    ]);
    const engine = createMoneyEngine(database);
    expect(await engine.execute(op)).toEqual({ status: 200 });
    expect(calls).toHaveLength(3);
  });

  it('gives up after a few tries, and never repeats other failures', async () => {
    const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const stuck = fakeDatabase([deadlock(), deadlock(), deadlock(), deadlock(), deadlock()]);
    await expect(createMoneyEngine(stuck.database).execute(op)).rejects.toThrow('deadlock detected');
    expect(stuck.calls).toHaveLength(4);

    const broken = fakeDatabase([Object.assign(new Error('connection terminated'), { code: '57P01' })]);
    await expect(createMoneyEngine(broken.database).execute(op)).rejects.toThrow('connection terminated');
    expect(broken.calls).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';
import { createUser } from '../users/users.service.js';
import { AppError } from '../../lib/errors.js';
import { createIdempotencyService, requestHash, type IdempotencyService } from './idempotency.service.js';

let t: TestApp;
let idem: IdempotencyService;
let userId: string;
beforeAll(async () => {
  t = await build();
  idem = createIdempotencyService(t.database.db);
  userId = (
    await createUser(t.database.db, {
      username: `idem_${Date.now()}`,
      email: `idem_${Date.now()}@example.com`,
      passwordHash: 'x',
    })
  ).id;
});
afterAll(async () => t.close());

describe('idempotency keys', () => {
  it('the same key and body run once and answer the first answer again', async () => {
    let runs = 0;
    const call = () =>
      idem.run({ userId, key: 'k-1', scope: 'sell', body: { amount: '1.5' } }, async () => ({
        status: 200,
        body: { run: ++runs },
      }));
    expect(await call()).toEqual({ status: 200, body: { run: 1 }, replayed: false });
    expect(await call()).toEqual({ status: 200, body: { run: 1 }, replayed: true });
    expect(runs).toBe(1);
  });

  it('the same key with another body is refused with 422', async () => {
    await idem.run({ userId, key: 'k-2', scope: 'sell', body: { amount: '1' } }, async () => ({
      status: 200,
      body: {},
    }));
    await expect(
      idem.run({ userId, key: 'k-2', scope: 'sell', body: { amount: '2' } }, async () => ({ status: 200, body: {} })),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('a key still running answers 409, and concurrent twins run once', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = idem.run({ userId, key: 'k-3', scope: 'sell', body: {} }, async () => {
      runs++;
      await gate;
      return { status: 200, body: { ok: true } };
    });
    await new Promise((r) => setTimeout(r, 50));
    await expect(
      idem.run({ userId, key: 'k-3', scope: 'sell', body: {} }, async () => ({ status: 200, body: { ok: false } })),
    ).rejects.toMatchObject({ status: 409 });
    release();
    await first;
    expect(runs).toBe(1);
  });

  it('a refusal is remembered; a failure on our side is forgotten so a retry runs', async () => {
    await expect(
      idem.run({ userId, key: 'k-4', scope: 'sell', body: {} }, async () =>
        Promise.reject(new AppError(422, 'InsufficientFundsError', 'Insufficient QMGT balance.')),
      ),
    ).rejects.toMatchObject({ status: 422 });
    const replay = await idem.run({ userId, key: 'k-4', scope: 'sell', body: {} }, async () => ({
      status: 200,
      body: 'should not run',
    }));
    expect(replay).toMatchObject({
      status: 422,
      replayed: true,
      body: { error: { message: 'Insufficient QMGT balance.' } },
    });

    await expect(
      idem.run({ userId, key: 'k-5', scope: 'sell', body: {} }, async () =>
        Promise.reject(new Error('database went away')),
      ),
    ).rejects.toThrow('database went away');
    expect(
      await idem.run({ userId, key: 'k-5', scope: 'sell', body: {} }, async () => ({ status: 200, body: 'ran' })),
    ).toMatchObject({ body: 'ran', replayed: false });
  });

  it('needs a well-formed key', async () => {
    await expect(
      idem.run({ userId, key: undefined, scope: 's', body: {} }, async () => ({ status: 200, body: {} })),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      idem.run({ userId, key: 'has space', scope: 's', body: {} }, async () => ({ status: 200, body: {} })),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('body key order does not matter', () => {
    expect(requestHash('s', { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(requestHash('s', { b: [1, { d: 3, c: 2 }], a: 1 }));
  });
});

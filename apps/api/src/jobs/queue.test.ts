import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openTestDatabase } from '../test/build.js';
import type { Database } from '../db/client.js';
import { startJobQueue, type JobQueue } from './queue.js';

let database: Database;
let drop: () => Promise<void>;
let jobs: JobQueue;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const quiet = () => undefined;
  const log = { error: quiet, warn: quiet, info: quiet, debug: quiet } as unknown as FastifyBaseLogger;
  jobs = await startJobQueue(database, log);
}, 120_000);
afterAll(async () => {
  await jobs.stop();
  await drop();
});

describe('the job queue', () => {
  it('drains a burst of jobs at once instead of one job a polling interval (2 s)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: number[] = [];
    await jobs.register<{ n: number }>('test.burst', async ({ n }) => {
      // The first job holds the worker while the rest are sent, as a burst of requests would.
      if (n === 0) await gate;
      handled.push(n);
    });
    for (let n = 0; n < 5; n++) await jobs.send('test.burst', { n });
    const released = Date.now();
    release();
    while (handled.length < 5 && Date.now() - released < 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(handled.sort()).toEqual([0, 1, 2, 3, 4]);
    // One job a poll would take at least three more intervals (6 s) for the last three.
    expect(Date.now() - released).toBeLessThan(3_000);
  });
});

import fp from 'fastify-plugin';
import { OUTBOX_CHANNEL } from '../../db/client.js';
import { createOutbox, type Outbox } from './outbox.sender.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Owe messages (`owe`, in the owing change's transaction) and register their senders (`handle`). */
    outbox: Outbox;
  }
}

/**
 * The look for retries, ended leases and notifications missed while the listener was down.
 * Messages owed by a commit are sent at once (the NOTIFY), not at this pace.
 */
export const OUTBOX_POLL_MS = 1_000;

/**
 * Drives the sender: at once when a commit owes something (the outbox trigger's NOTIFY reaches
 * this process before its own commit returns, another process's within milliseconds), and by
 * a poll. Passes never overlap in one process; a wake during a pass runs one more after it.
 */
export default fp(
  async (app) => {
    const outbox = createOutbox({ database: app.database, log: app.log });
    app.decorate('outbox', outbox);
    let stopped = false;
    let running: Promise<void> | undefined;
    let again = false;

    const pass = (): void => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await outbox.sendDue().catch((error: unknown) => app.log.error({ err: error }, 'outbox pass failed'));
        } while (again && !stopped);
      })().finally(() => {
        running = undefined;
      });
    };
    // A notification comes in the middle of the committing query's answer: the pass starts after it.
    const wake = () => setImmediate(pass);

    let unlisten: (() => Promise<void>) | undefined;
    // The poll is a periodic job like any other: one process a second across all of them finds
    // the retries and ended leases (every process is still woken at once by a NOTIFY).
    app.schedule.every('outbox.poll', { everyMs: OUTBOX_POLL_MS }, async () => {
      pass();
      await running;
    });
    app.addHook('onReady', async () => {
      unlisten = await app.database.listen(OUTBOX_CHANNEL, {
        notify: wake,
        // Back after a gap: whatever was owed meanwhile is sent now, not at the next poll.
        live: (isLive) => {
          if (isLive) wake();
        },
      });
      pass();
    });
    app.addHook('onClose', async () => {
      stopped = true;
      await unlisten?.();
      await running;
    });
  },
  { name: 'outbox', dependencies: ['database', 'schedule'] },
);

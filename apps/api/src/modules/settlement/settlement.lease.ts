import pg from 'pg';
import type { Database } from '../../db/client.js';

/* A fixed advisory-lock key: whoever holds it is the one sender of treasury transactions. */
const SENDER_LOCK_KEY = 7_424_212;

/**
 * "Exactly one sender across all processes": on PostgreSQL a session advisory lock held on a
 * connection of its own. The lock dies with the connection, so a killed process frees it at
 * once for another; a lost connection is a lost lease, and the holder stops sending. PGlite is
 * one process's database: that process is the sender.
 */
export interface SenderLease {
  /** Takes the lease if it is free; true while this process holds it. */
  acquire(): Promise<boolean>;
  readonly held: boolean;
  release(): Promise<void>;
}

export function createSenderLease(database: Database, onLost: (error: unknown) => void): SenderLease {
  if (database.kind === 'pglite' || !database.connectionString) {
    let held = false;
    return {
      async acquire() {
        held = true;
        return true;
      },
      get held() {
        return held;
      },
      async release() {
        held = false;
      },
    };
  }
  const connectionString = database.connectionString;
  let client: pg.Client | undefined;
  let held = false;
  return {
    async acquire() {
      if (held) return true;
      if (!client) {
        const fresh = new pg.Client({ connectionString, application_name: 'qmgt-settlement-sender' });
        fresh.on('error', (error) => {
          if (client === fresh) client = undefined;
          if (held) {
            held = false;
            onLost(error);
          }
        });
        await fresh.connect();
        client = fresh;
      }
      const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        SENDER_LOCK_KEY,
      ]);
      held = result.rows[0]?.locked === true;
      return held;
    },
    get held() {
      return held;
    },
    async release() {
      held = false;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}

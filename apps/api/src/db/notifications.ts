import pg from 'pg';
import { startHeartbeat } from '../lib/heartbeat.js';

export interface NotificationHandlers {
  /** A NOTIFY payload on the channel, from this process or another. */
  notify(payload: string): void;
  /**
   * true: every notification reaches `notify` (the listener is connected and answering).
   * false: some may be missed until it is true again; a cache must not trust what it holds.
   */
  live(isLive: boolean): void;
}

/** Channel names come from code, never from input; quoting keeps them one identifier anyway. */
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Announced by triggers (migration 0006_auth_notify): a session ended, a user row changed. */
export const AUTH_CHANGES_CHANNEL = 'auth_changes';

/** Announced by the postings trigger (migration 0008): whose balances a commit moved. */
export const LEDGER_BALANCES_CHANNEL = 'ledger_balances';

/** Announced by the outbox's trigger (sql/outbox_messages_notify.sql): a commit owed messages. */
export const OUTBOX_CHANNEL = 'outbox_messages';

/** Announced by the transactions trigger (sql/transactions_notify.sql): whose history rows a commit changed. */
export const TRANSACTIONS_CHANNEL = 'transaction_changes';

/** The channels the migrations' triggers NOTIFY on; every pooled connection listens to them. */
const ANNOUNCED_CHANNELS = [AUTH_CHANGES_CHANNEL, LEDGER_BALANCES_CHANNEL, OUTBOX_CHANNEL, TRANSACTIONS_CHANNEL];

/**
 * Every pooled connection LISTENs too. PostgreSQL hands a session its own NOTIFY before the
 * COMMIT's answer, so a change this process commits is seen by its cache before the
 * committing call returns (read-your-writes, whichever module wrote). LISTEN runs in the
 * pool's onConnect, before a new connection is first handed out.
 */
export function poolNotifications() {
  const channels = new Map<string, Set<(payload: string) => void>>();

  const dispatch = (message: pg.Notification) => {
    for (const notify of channels.get(message.channel) ?? []) notify(message.payload ?? '');
  };

  return {
    async onConnect(client: pg.ClientBase): Promise<void> {
      client.on('notification', dispatch);
      for (const channel of ANNOUNCED_CHANNELS) await client.query(`LISTEN ${quoteIdent(channel)}`);
    },
    add(channel: string, notify: (payload: string) => void): () => void {
      const set = channels.get(channel) ?? new Set();
      set.add(notify);
      channels.set(channel, set);
      return () => {
        set.delete(notify);
        if (set.size === 0) channels.delete(channel);
      };
    },
  };
}

export interface PostgresListenerOptions {
  connectionString: string;
  channel: string;
  handlers: NotificationHandlers;
  /** How often the listener proves its connection answers. */
  heartbeatMs?: number;
  /** No answer for this long: not live (notifications may be stuck), until one comes. */
  livenessMs?: number;
  /** No answer for this long: the connection is dead; drop it and connect again. */
  deadAfterMs?: number;
  /** Longest wait between two connection attempts. */
  maxBackoffMs?: number;
}

/**
 * One dedicated connection per channel that only LISTENs, for NOTIFYs from other processes.
 * It is live only while connected and answering its heartbeat; it reconnects with backoff
 * after any loss, and says live again only once LISTEN runs on the new connection.
 */
export function startPostgresListener(options: PostgresListenerOptions) {
  const heartbeatMs = options.heartbeatMs ?? 250;
  const livenessMs = options.livenessMs ?? 750;
  const deadAfterMs = options.deadAfterMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 2_000;
  const { channel, handlers } = options;

  let client: pg.Client | undefined;
  let stopped = false;
  let live = false;
  let failures = 0;
  let lastAnswer = 0;
  let beating = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const setLive = (next: boolean) => {
    if (next === live) return;
    live = next;
    handlers.live(next);
  };

  const drop = (lost: pg.Client) => {
    if (client !== lost) return;
    client = undefined;
    setLive(false);
    lost.end().catch(() => undefined);
    scheduleConnect();
  };

  const scheduleConnect = () => {
    if (stopped || reconnectTimer) return;
    const delay = Math.min(maxBackoffMs, 50 * 2 ** failures);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
    reconnectTimer.unref();
  };

  const connect = async (): Promise<void> => {
    if (stopped || client) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: `qmgt-listen-${channel}`,
      keepAlive: true,
    });
    // Until it is ours, a failing connection only counts as a failed attempt.
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdent(channel)}`);
    } catch {
      next.end().catch(() => undefined);
      failures++;
      scheduleConnect();
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
    lastAnswer = performance.now();
    setLive(true);
  };

  const heartbeat = startHeartbeat(heartbeatMs, () => {
    const current = client;
    if (!current) return;
    const silentFor = performance.now() - lastAnswer;
    if (silentFor > deadAfterMs) return drop(current);
    if (silentFor > livenessMs) setLive(false);
    if (beating) return;
    beating = true;
    current
      .query('SELECT 1')
      .then(() => {
        if (client !== current) return;
        lastAnswer = performance.now();
        // Every notification sent before this answer has been received: live again.
        setLive(true);
      })
      .catch(() => drop(current))
      .finally(() => {
        beating = false;
      });
  });

  return {
    /** Settles after the first attempt to connect, whatever its outcome. */
    ready: connect(),
    async stop() {
      stopped = true;
      heartbeat.stop();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      if (current) await current.end().catch(() => undefined);
    },
  };
}

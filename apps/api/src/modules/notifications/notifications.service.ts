import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  PRICE_ALERTS_MAX_ACTIVE,
  cutPage,
  fromUnits,
  toUnits,
  type CursorKey,
  type EmailNotificationKind,
  type MarkNotificationsRead,
  type Notification,
  type NotificationKind,
  type NotificationPreferences,
  type PriceAlert,
  type PriceAlertCreate,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { MarketService } from '../market/index.js';
import { notificationPreferences, notifications, priceAlerts } from './notifications.schema.js';
import {
  emailOffAfter,
  noticeWords,
  preferencesFrom,
  priceAlertNotice,
  thresholdRefusal,
} from './notifications.rules.js';

/** What an event tells its customer in the app; `key` is its outbox message's key. */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  key: string;
  title: string;
  body: string;
  link: string | null;
}

export const PRICE_ALERT_MESSAGE = 'notify.price-alert';
export type PriceAlertMessage = { id: string };

const PAGE_SIZE = 20;

type NotificationRow = typeof notifications.$inferSelect;
type PriceAlertRow = typeof priceAlerts.$inferSelect;

/** Microseconds matter for keys (decision 017): the row's time as PostgreSQL keeps it. */
const keyedAt = sql<string>`to_char(${notifications.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function toWire(row: NotificationRow): Notification {
  // The check constraint: a row without facts has its words.
  const words = row.facts ? noticeWords(row.facts) : { title: row.title!, body: row.body!, link: row.link };
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    ...words,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

function alertToWire(row: PriceAlertRow): PriceAlert {
  return {
    id: row.id,
    direction: row.direction,
    usdPerGram: fromUnits(BigInt(row.threshold), 'USDT'),
    createdAt: row.createdAt.toISOString(),
    firedAt: row.firedAt?.toISOString() ?? null,
    firedUsdPerGram: row.firedPrice === null ? null : fromUnits(BigInt(row.firedPrice), 'USDT'),
  };
}

export interface NotificationsDeps {
  db: Db;
  market: MarketService;
}

export function createNotificationsService({ db, market }: NotificationsDeps) {
  async function unread(userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  }

  async function emailOff(userId: string): Promise<string[]> {
    const [row] = await db
      .select({ emailOff: notificationPreferences.emailOff })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return row?.emailOff ?? [];
  }

  /** Rows after a key, oldest first: what a stream has not sent yet (bounded: a page). */
  async function after(
    userId: string,
    key: CursorKey | undefined,
    limit = 50,
  ): Promise<{ row: NotificationRow; at: string }[]> {
    const rows = await db
      .select({ row: notifications, at: keyedAt })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          key
            ? sql`(${notifications.createdAt}, ${notifications.id}) > (${key.at}::timestamptz, ${key.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
    return rows.reverse();
  }

  return {
    unread,
    after,

    /**
     * Writes an event's notification, once per key, and sends its e-mail when the customer
     * keeps that kind's e-mail on. Called by outbox handlers: a retry after a failed e-mail
     * finds the notification written and only mails.
     */
    async deliver(notice: Notice, mail?: () => Promise<void>): Promise<void> {
      await db.insert(notifications).values(notice).onConflictDoNothing({ target: notifications.key });
      if (mail && !(await emailOff(notice.userId)).includes(notice.kind)) await mail();
    },

    /** The key a stream resumes after: a notification id of this customer's, or none. */
    async keyOf(userId: string, id: string): Promise<CursorKey | undefined> {
      const [row] = await db
        .select({ id: notifications.id, at: keyedAt })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
      return row ? { at: row.at, id: row.id } : undefined;
    },

    async page(userId: string, cursor: CursorKey | undefined) {
      const rows = await db
        .select({ row: notifications, at: keyedAt })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            cursor
              ? or(
                  lt(notifications.createdAt, sql`${cursor.at}::timestamptz`),
                  and(eq(notifications.createdAt, sql`${cursor.at}::timestamptz`), lt(notifications.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(PAGE_SIZE + 1);
      const { items, nextCursor } = cutPage(rows, PAGE_SIZE, (r) => ({ at: r.at, id: r.row.id }));
      return { data: items.map((r) => toWire(r.row)), unread: await unread(userId), nextCursor };
    },

    /** Marks the caller's own notifications read; ids of anyone else's are ignored (no oracle). */
    async markRead(userId: string, request: MarkNotificationsRead) {
      const which =
        'ids' in request
          ? and(eq(notifications.userId, userId), inArray(notifications.id, request.ids), isNull(notifications.readAt))
          : and(eq(notifications.userId, userId), isNull(notifications.readAt));
      const marked = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(which)
        .returning({ id: notifications.id });
      return { marked: marked.length, unread: await unread(userId) };
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      return preferencesFrom(await emailOff(userId));
    },

    async setPreferences(userId: string, change: Partial<Record<EmailNotificationKind, boolean>>) {
      // One statement reads and writes the row: two changes at once each keep the other's kinds.
      return db.transaction(async (tx) => {
        await tx.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
        const [row] = await tx
          .select({ emailOff: notificationPreferences.emailOff })
          .from(notificationPreferences)
          .where(eq(notificationPreferences.userId, userId))
          .for('update');
        const next = emailOffAfter(row?.emailOff ?? [], change);
        await tx
          .update(notificationPreferences)
          .set({ emailOff: next, updatedAt: sql`now()` })
          .where(eq(notificationPreferences.userId, userId));
        return preferencesFrom(next);
      });
    },

    async alerts(userId: string): Promise<PriceAlert[]> {
      const rows = await db
        .select()
        .from(priceAlerts)
        .where(eq(priceAlerts.userId, userId))
        .orderBy(desc(priceAlerts.createdAt))
        // Active ones are at most 10; the fired ones shown are the latest.
        .limit(50);
      return rows.map(alertToWire);
    },

    async createAlert(userId: string, request: PriceAlertCreate): Promise<PriceAlert> {
      const threshold = toUnits(request.usdPerGram, 'USDT');
      const { usdPerGram: spot } = await market.spot();
      const refusal = thresholdRefusal(request.direction, threshold, spot);
      if (refusal) throw new AppError(refusal.status, 'ApplicationError', refusal.message);
      return db.transaction(async (tx) => {
        // One customer's creations take turns, so the count holds at the insert (race-safe cap).
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('price_alerts:' || ${userId}))`);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(priceAlerts)
          .where(and(eq(priceAlerts.userId, userId), isNull(priceAlerts.firedAt)));
        // A count of alerts (at most the cap), not money: `::int` arrives as a number.
        if ((count?.n ?? 0) >= PRICE_ALERTS_MAX_ACTIVE)
          throw new AppError(
            409,
            'ApplicationError',
            `You have ${PRICE_ALERTS_MAX_ACTIVE} alerts waiting: delete one before adding another.`,
          );
        const [row] = await tx
          .insert(priceAlerts)
          .values({ userId, direction: request.direction, threshold: threshold.toString() })
          .returning();
        return alertToWire(row!);
      });
    },

    async deleteAlert(userId: string, id: string): Promise<void> {
      const deleted = await db
        .delete(priceAlerts)
        .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
        .returning({ id: priceAlerts.id });
      if (deleted.length === 0) throw new AppError(404, 'NotFoundError', 'Price alert not found.');
    },

    /** A fired alert's notice, for its outbox message; none if it was deleted meanwhile. */
    async alertNotice(message: PriceAlertMessage, key: string): Promise<Notice | undefined> {
      const [row] = await db.select().from(priceAlerts).where(eq(priceAlerts.id, message.id));
      if (!row || row.firedPrice === null) return undefined;
      return {
        userId: row.userId,
        kind: 'price-alert',
        key,
        ...priceAlertNotice(row.direction, BigInt(row.threshold), BigInt(row.firedPrice)),
      };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

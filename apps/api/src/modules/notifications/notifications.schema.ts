import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, units, updatedAt } from '../../db/columns.js';
import { userRef } from '../users/users.schema.js';
import type { NoticeFacts } from './notifications.rules.js';

/* Notifications and price alerts (migrations 0046, 0047, 0060; docs/decisions/020-notifications.md). */

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    /** The event's key (its outbox message's, or the one sql/notifications_record_event.sql gives it): an event notifies once. */
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    /** The words, written with the row; null when `facts` holds the event to word at reading. */
    title: text('title'),
    body: text('body'),
    link: text('link'),
    /** An in-app-only event's facts, recorded by SQL in the change's transaction (notifications.rules.ts words them). */
    facts: jsonb('facts').$type<NoticeFacts>(),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    index('notifications_user_key_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    check(
      'notifications_words_check',
      sql`(${t.title} IS NOT NULL AND ${t.body} IS NOT NULL) OR ${t.facts} IS NOT NULL`,
    ),
  ],
);

/** The kinds whose e-mail a customer turned off; no row: every e-mail on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: userRef('user_id', 'cascade').primaryKey(),
  emailOff: text('email_off')
    .array()
    .notNull()
    .default(sql`'{}'`),
  updatedAt: updatedAt(),
});

export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    direction: text('direction').$type<'above' | 'below'>().notNull(),
    /** USD per gram scaled by 1e18, as price_ticks.usd_per_gram. */
    threshold: units('threshold').notNull(),
    createdAt: createdAt(),
    firedAt: timestamptz('fired_at'),
    firedPrice: units('fired_price'),
  },
  (t) => [
    index('price_alerts_active_idx')
      .on(t.direction, t.threshold)
      .where(sql`${t.firedAt} IS NULL`),
    index('price_alerts_user_idx').on(t.userId, t.createdAt.desc()),
    check('price_alerts_direction_check', sql`${t.direction} IN ('above', 'below')`),
  ],
);

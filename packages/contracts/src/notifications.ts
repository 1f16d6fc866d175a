import { z } from 'zod';
import { decimalStringSchema } from './money.js';
import { pageInfoShape } from './paging.js';

/*
 * Notifications and price alerts (DESIGN.md section 11, docs/decisions/020-notifications.md).
 * A notification is written when the outbox handles the message its event owed; the e-mail of
 * the same event goes only when the customer's preferences keep that kind's e-mail on.
 */

/** What a notification is about. */
export const NOTIFICATION_KINDS = [
  'deposit',
  'purchase',
  'instalment',
  'review',
  'kyc',
  'support',
  'group',
  'staking',
  'remittance',
  'price-alert',
  'gift',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds that also have an e-mail, which a customer turns on or off (the others show in the
 * app only: they were never mailed).
 */
export const EMAIL_NOTIFICATION_KINDS = [
  'deposit',
  'instalment',
  'review',
  'support',
  'group',
  'remittance',
  'price-alert',
  'gift',
] as const satisfies readonly NotificationKind[];
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];

/** How each kind with an e-mail is named on the preferences screen. */
export const NOTIFICATION_KIND_LABELS: Record<EmailNotificationKind, string> = {
  deposit: 'Card payments credited',
  instalment: 'Instalments missed, auto-save skipped',
  review: 'Decisions on your requests (termination, USDAU, payout)',
  support: 'Replies from support',
  group: 'Group savings: joined, matured or lapsed',
  remittance: 'Gold sent and received',
  'price-alert': 'Price alerts',
  gift: 'Gold gifts received and returned',
};

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path inside the app (starts with '/'), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  data: z.array(notificationSchema),
  /** The caller's unread notifications, all pages. */
  unread: z.number().int(),
  ...pageInfoShape,
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** At most one page's worth of ids a call: the screens mark what they show. */
export const NOTIFICATION_READ_MAX_IDS = 100;
/** Exactly one of the two forms: ids and all together are refused. */
export const markNotificationsReadSchema = z.union([
  z.strictObject({
    ids: z
      .array(z.uuid({ error: 'Each id is a notification id' }))
      .min(1, 'Give at least one id')
      .max(NOTIFICATION_READ_MAX_IDS, `At most ${NOTIFICATION_READ_MAX_IDS} ids at once`),
  }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;
export const markNotificationsReadResponseSchema = z.object({
  /** Notifications this call marked (the caller's own, unread until now). */
  marked: z.number().int(),
  unread: z.number().int(),
});

/** A server-sent event's data: a new notification and the unread count after it. */
export const notificationEventSchema = z.object({
  notification: notificationSchema.nullable(),
  unread: z.number().int(),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

const emailChoicesShape = Object.fromEntries(EMAIL_NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
  EmailNotificationKind,
  z.ZodBoolean
>;
export const notificationPreferencesSchema = z.object({
  /** Per kind: true sends the e-mail as well as the in-app notification. */
  email: z.object(emailChoicesShape),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/** PUT: any subset of the kinds; the others keep their choice. */
export const notificationPreferencesUpdateSchema = z.object({
  email: z.object(emailChoicesShape).partial().strict(),
});

/* Price alerts. */

export const PRICE_ALERT_DIRECTIONS = ['above', 'below'] as const;
export type PriceAlertDirection = (typeof PRICE_ALERT_DIRECTIONS)[number];
/** Active (not fired, not deleted) alerts a customer may hold. */
export const PRICE_ALERTS_MAX_ACTIVE = 10;
/** A threshold above this many USD per gram is refused as absurd (gold trades near 100). */
export const PRICE_ALERT_MAX_USD_PER_GRAM = '100000';

export const priceAlertCreateSchema = z.object({
  direction: z.enum(PRICE_ALERT_DIRECTIONS, { error: "direction is 'above' or 'below'" }),
  /** USD per gram, up to 2 decimals (cents). */
  usdPerGram: decimalStringSchema.refine((value) => !/\.\d{3,}$/.test(value), 'Give the price in cents at most'),
});
export type PriceAlertCreate = z.infer<typeof priceAlertCreateSchema>;

export const priceAlertSchema = z.object({
  id: z.string(),
  direction: z.enum(PRICE_ALERT_DIRECTIONS),
  usdPerGram: z.string(),
  createdAt: z.string(),
  /** When the price crossed it (then it is done), or null while it waits. */
  firedAt: z.string().nullable(),
  /** The spot that fired it. */
  firedUsdPerGram: z.string().nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;
export const priceAlertsResponseSchema = z.object({ alerts: z.array(priceAlertSchema) });
export const priceAlertResponseSchema = z.object({ alert: priceAlertSchema });
export const priceAlertIdParamsSchema = z.object({ id: z.uuid({ error: 'Price alert not found.' }) });

/** Sandbox only: set the gold spot now (the sandbox feed walks on from it). */
export const devPriceRequestSchema = z.object({ usdPerGram: decimalStringSchema });

import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { usersService } from '../users/index.js';
import {
  PRICE_ALERT_MESSAGE,
  createNotificationsService,
  type NotificationsService,
  type PriceAlertMessage,
} from './notifications.service.js';
import { createStreamHub } from './notifications.stream.js';
import { notificationsRoutes } from './notifications.routes.js';
import { priceAlertMail } from './notifications.mails.js';

declare module '../../services.js' {
  interface Services {
    notifications: NotificationsService;
  }
}

/**
 * The notifications centre (docs/decisions/020-notifications.md): other modules' outbox
 * handlers call `notifications.deliver` to write an event's notification and, when the
 * customer keeps that kind's e-mail on, send its mail. Price alerts fire in SQL when a tick
 * crosses them (sql/price_alerts_fire.sql); their message is handled here. Events that notify
 * in the app only are recorded by SQL in the change's transaction
 * (sql/notifications_record_event.sql) and worded when read (notifications.rules.ts).
 */
export default fp(
  async (app) => {
    const { market, mail } = app.services;
    const db = app.database.db;
    const notifications = createNotificationsService({ db, market });
    app.services.notifications = notifications;
    const hub = createStreamHub({
      database: app.database,
      notifications,
      log: app.log,
      maxMs: app.config.notificationStreamMaxMs,
    });

    app.outbox.handle<PriceAlertMessage>(PRICE_ALERT_MESSAGE, async (owed, delivery) => {
      const notice = await notifications.alertNotice(owed, delivery.key);
      const user = notice && (await usersService.findById(db, notice.userId));
      if (!notice || !user) return;
      await notifications.deliver(notice, () =>
        mail.send(priceAlertMail(user.email, user.username, app.config.publicUrl, notice)),
      );
    });

    app.addHook('onReady', () => hub.start());
    // Open streams end first, so the server's close does not wait for them.
    app.addHook('preClose', () => hub.stop());

    await app.register(notificationsRoutes, { prefix: API_BASE, notifications, hub });
  },
  { name: 'module:notifications', dependencies: ['auth', 'outbox', 'module:market'] },
);

import fp from 'fastify-plugin';
import { API_BASE, GES_MISSES_TO_LAPSE } from '@qmgt/contracts';
import { writePlatformSettings } from '../../db/platform-settings.js';
import { usersService } from '../users/index.js';
import { GES_MAIL, createGesService, type GesMail, type GesService } from './ges.service.js';
import { gesRoutes } from './ges.routes.js';
import { gesMail, gesNotice } from './ges.mails.js';

declare module '../../services.js' {
  interface Services {
    ges: GesService;
  }
}

/** How often the instalment job looks for instalments whose day has come. */
const INSTALMENT_PASS_MS = 60_000;

/**
 * Group gold savings (operation types ges_join and ges_instalment): routes for customers and
 * operators, the mails and the monthly instalment job.
 */
export default fp(
  async (app) => {
    const { money, market, transactions, mail, notifications } = app.services;
    const db = app.database.db;
    const ges = createGesService({ db, money, market, transactions });
    app.services.ges = ges;
    // The misses that lapse a membership, as the contracts state them, for the SQL that lapses
    // it inside the instalment (ges_lapses).
    await writePlatformSettings(app.database, { ges_misses_to_lapse: String(GES_MISSES_TO_LAPSE) });

    app.outbox.handle<GesMail>(GES_MAIL, async (owed, delivery) => {
      const found = await ges.membershipForMail(owed.membershipId);
      const user = found && (await usersService.findById(db, found.userId));
      if (!found || !user) return;
      const { group, membership } = found;
      const path = `/GES/${group.id}/${encodeURIComponent(group.name)}/${group.currentDocumentId}`;
      const link = `${app.config.publicUrl}${path}`;
      const instalment = owed.event === 'taken' || owed.event === 'missed';
      await notifications.deliver(
        {
          userId: user.id,
          kind: instalment ? 'instalment' : 'group',
          key: delivery.key,
          link: path,
          ...gesNotice(group.name, owed.event, owed.seq),
        },
        // A taken instalment was never mailed: the app only.
        owed.event === 'taken'
          ? undefined
          : () => mail.send(gesMail(user.email, user.username, link, group.name, owed.event, membership, owed.seq)),
      );
    });

    // Each pass takes what is due; a (membership, instalment) row makes each happen once,
    // however many processes pass.
    app.schedule.every('ges.instalments', { everyMs: INSTALMENT_PASS_MS }, () => ges.runInstalments());

    await app.register(gesRoutes, { prefix: API_BASE, ges });
  },
  {
    name: 'module:ges',
    dependencies: [
      'auth',
      'idempotency',
      'outbox',
      'module:money',
      'module:market',
      'module:transactions',
      'module:notifications',
    ],
  },
);

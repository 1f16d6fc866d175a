import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { usersService } from '../users/users.service.js';
import { GES_MAIL_JOB, createGesService, type GesMailJob, type GesService } from './ges.service.js';
import { gesRoutes } from './ges.routes.js';
import { gesMail } from './ges.mails.js';

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
    const { money, market, transactions, mail } = app.services;
    const db = app.database.db;
    const ges = createGesService({ db, money, market, transactions, jobs: app.jobs });
    app.services.ges = ges;

    await app.jobs.register<GesMailJob>(GES_MAIL_JOB, async (job) => {
      // Sent once the outbox row says it is owed; marked after sending (at least once).
      if (!(await ges.mailOwed(job))) return;
      const found = await ges.membershipForMail(job.membershipId);
      const user = found && (await usersService.findById(db, found.userId));
      if (!found || !user) return;
      const { group, membership } = found;
      const link = `${app.config.publicUrl}/GES/${group.id}/${encodeURIComponent(group.name)}/${group.currentDocumentId}`;
      await mail.send(gesMail(user.email, user.username, link, group.name, job.event, membership, job.seq));
      await ges.markMailed(job);
    });

    // Each pass takes what is due; a (membership, instalment) row makes each happen once,
    // however many processes pass. The sweep then queues any mail a crash left unqueued.
    app.schedule.every('ges.instalments', { everyMs: INSTALMENT_PASS_MS }, async () => {
      // A failed pass must not keep the owed mails of earlier passes from going out.
      await ges.runInstalments().catch((error) => app.log.error({ err: error }, 'GES instalment pass failed'));
      await ges.sweepMails();
    });

    await app.register(gesRoutes, { prefix: API_BASE, ges });
  },
  {
    name: 'module:ges',
    dependencies: ['auth', 'idempotency', 'module:money', 'module:market', 'module:transactions'],
  },
);

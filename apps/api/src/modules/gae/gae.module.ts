import fp from 'fastify-plugin';
import {
  API_BASE,
  adminTerminationsResponseSchema,
  apiPaths,
  fromUnits,
  terminationResponseSchema,
} from '@qmgt/contracts';
import { declareReview, reviewNotice } from '../../platform/review/index.js';
import { usersService } from '../users/index.js';
import { GAE_MAILS, createGaeService, type AutoSaveSkipMail, type GaeService } from './gae.service.js';
import { gaeRoutes } from './gae.routes.js';
import { autoSaveSkippedMail, terminationMail } from './gae.mails.js';
import { gaeTerminations } from './gae.schema.js';
import type { TerminationRow } from './gae.repository.js';

declare module '../../services.js' {
  interface Services {
    gae: GaeService;
  }
}

/** How often the auto-save job looks for plans whose day has come. */
const AUTO_SAVE_PASS_MS = 60_000;

/**
 * Gold savings: the GAE plan (operation types gae_purchase, gae_auto_save, gae_terminate,
 * gae_termination_decide) and Convert (convert), their routes, the operator's queue, the
 * mails and the auto-save job.
 */
export default fp(
  async (app) => {
    const { money, market, ledger, transactions, mail, notifications } = app.services;
    const db = app.database.db;
    const gae = createGaeService({ db, money, market, ledger, transactions });
    app.services.gae = gae;

    app.outbox.handle<AutoSaveSkipMail>(GAE_MAILS.autoSaveSkipped, async (owed, delivery) => {
      const run = await gae.skippedRun(owed);
      const user = run && (await usersService.findById(db, run.userId));
      // Runs recorded before migration 0048 kept no amount: the plan's says what it was to spend.
      const spend = run?.amount ?? run?.planAmount;
      if (!run || !user || spend === null || spend === undefined) return;
      // The cap as it was when the period skipped (the message carries it), else the plan's.
      const cap = owed.capUsdt === undefined ? run.cap : owed.capUsdt;
      const skip = {
        period: owed.period,
        frequency: run.frequency,
        reason: run.reason ?? 'balance',
        amountUsdt: fromUnits(BigInt(spend), 'USDT'),
        capUsdt: cap === null || cap === undefined ? null : fromUnits(BigInt(cap), 'USDT'),
      } as const;
      await notifications.deliver(
        {
          userId: user.id,
          kind: 'instalment',
          key: delivery.key,
          title: `Auto-save skipped for ${owed.period}`,
          body:
            skip.reason === 'cap'
              ? `This month's auto-save purchases reached your monthly cap${
                  skip.capUsdt ? ` of ${skip.capUsdt} USDT` : ''
                }, so nothing was bought. Auto-save resumes next month.`
              : `Your wallet held less than the ${skip.amountUsdt} USDT your auto-save buys, so nothing was bought this time.`,
          link: '/GAE/Purchase',
        },
        () => mail.send(autoSaveSkippedMail(user.email, user.username, app.config.publicUrl, skip)),
      );
    });

    // The auto-save (daily, weekly or monthly): each pass buys what is due; the operation makes
    // every (plan, period) run once, even should two passes meet.
    app.schedule.every('gae.auto-save', { everyMs: AUTO_SAVE_PASS_MS }, () => gae.runAutoSaves());

    await app.register(gaeRoutes, { prefix: API_BASE, gae });
    // The operator's termination review: an approval pays the refund and closes the plan, a
    // rejection returns the grams (gae_termination_decide). The customer is mailed when the
    // request is filed and when it is decided.
    await declareReview(
      app,
      {
        audit: 'gae.termination',
        table: gaeTerminations,
        requestedAt: gaeTerminations.requestedAt,
        open: 'requested',
        notFound: 'Termination request not found.',
        booking: {
          money: (row: TerminationRow, decided) => ({
            kind: 'gae_termination_decide',
            terminationId: row.id,
            ...decided,
          }),
        },
        subject: (row) => row.code,
        present: gae.toTerminations,
        answer: gae.toTermination,
        message: {
          kind: GAE_MAILS.termination,
          notice: (row) => reviewNotice(`GAE termination ${row.code}`, row.status, `/termination-summary/${row.id}`),
          send: async (row, customer) =>
            mail.send(
              terminationMail(customer.email, customer.username, app.config.publicUrl, await gae.toTermination(row)),
            ),
        },
      },
      {
        queue: apiPaths.adminTerminations,
        decide: '/admin/terminations/:id/:decision',
        queueSummary: 'GAE termination requests: open ones first',
        decideSummary: 'Approve (pay the refund, close the plan) or reject (return the grams) a termination request',
        queueResponse: adminTerminationsResponseSchema,
        answerKey: 'termination',
        answerResponse: terminationResponseSchema,
      },
    );
  },
  {
    name: 'module:gae',
    dependencies: [
      'auth',
      'idempotency',
      'outbox',
      'module:money',
      'module:market',
      'module:ledger',
      'module:transactions',
      'module:notifications',
    ],
  },
);

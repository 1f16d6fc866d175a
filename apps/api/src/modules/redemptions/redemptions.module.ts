import fp from 'fastify-plugin';
import { API_BASE, adminRedemptionSchema, adminRedemptionsResponseSchema, apiPaths } from '@qmgt/contracts';
import { z } from 'zod';
import { declareReview } from '../../platform/review/index.js';
import {
  REDEMPTION_NOTICE,
  createRedemptionsService,
  redemptionNotice,
  type RedemptionsService,
} from './redemptions.service.js';
import { redemptionsRoutes } from './redemptions.routes.js';
import { redemptions as redemptionsTable } from './redemptions.schema.js';
import type { RedemptionRow } from './redemptions.repository.js';

declare module '../../services.js' {
  interface Services {
    redemptions: RedemptionsService;
  }
}

/**
 * Physical redemption (operation types redemption_request, redemption_decide,
 * redemption_cancel, redemption_deliver): the catalogue, the customer's routes, the operator's
 * review, shipping and delivery, and the customer's notice at every step.
 */
export default fp(
  async (app) => {
    const { money, market, ledger, reserves } = app.services;
    const redemptions = createRedemptionsService({ db: app.database.db, money, market, ledger, reserves });
    app.services.redemptions = redemptions;
    await app.register(redemptionsRoutes, { prefix: API_BASE, redemptions });
    // The operator's review: an approval keeps the grams locked for shipping, a rejection
    // returns them (redemption_decide). Every status the redemption takes notifies the customer
    // in the app (the trigger owes REDEMPTION_NOTICE; this handler writes it).
    await declareReview(
      app,
      {
        audit: 'redemptions.request',
        table: redemptionsTable,
        requestedAt: redemptionsTable.requestedAt,
        open: 'requested',
        notFound: 'Redemption not found.',
        booking: {
          money: (row: RedemptionRow, decided) => ({ kind: 'redemption_decide', redemptionId: row.id, ...decided }),
        },
        subject: (row) => row.code,
        present: redemptions.present,
        answer: redemptions.answer,
        message: { kind: REDEMPTION_NOTICE, notice: redemptionNotice },
      },
      {
        queue: apiPaths.adminRedemptions,
        decide: '/admin/redemptions/:id/:decision',
        queueSummary: 'Redemption requests: open ones first',
        decideSummary: 'Approve (prepare for shipping) or reject (return the grams) a redemption',
        queueResponse: adminRedemptionsResponseSchema,
        answerKey: 'redemption',
        answerResponse: z.object({ redemption: adminRedemptionSchema }),
      },
    );
  },
  {
    name: 'module:redemptions',
    dependencies: [
      'auth',
      'idempotency',
      'outbox',
      'module:money',
      'module:market',
      'module:ledger',
      'module:reserves',
      'module:notifications',
    ],
  },
);

import fp from 'fastify-plugin';
import { API_BASE, adminUsdauRequestsResponseSchema, apiPaths, usdauRequestResponseSchema } from '@qmgt/contracts';
import { ApplicationUnavailable } from '../../lib/errors.js';
import { declareReview, reviewNotice } from '../../platform/review/index.js';
import { USDAU_MAIL, createUsdauService, type UsdauService } from './usdau.service.js';
import { usdauRoutes } from './usdau.routes.js';
import { usdauRequestMail } from './usdau.mails.js';
import { usdauRequests } from './usdau.schema.js';
import type { UsdauRequestRow } from './usdau.repository.js';

declare module '../../services.js' {
  interface Services {
    usdau: UsdauService;
  }
}

/**
 * USDAU Request External (operation types usdau_request and usdau_decide): the customer's
 * requests, the operator's review and the mails. The settlement sender pays approved requests.
 */
export default fp(
  async (app) => {
    const { money, market, transactions, mail } = app.services;
    const db = app.database.db;
    const usdau = createUsdauService({ db, money, market, transactions });
    app.services.usdau = usdau;
    await app.register(usdauRoutes, { prefix: API_BASE, usdau });
    // The operator's review: an approval books the payout (usdau_decide) and the settlement
    // sender pays it; a rejection returns the grams. The customer is mailed when the request is
    // filed and when it is decided.
    await declareReview(
      app,
      {
        audit: 'usdau.request',
        table: usdauRequests,
        requestedAt: usdauRequests.createdAt,
        open: 'requested',
        notFound: 'USDAU request not found.',
        booking: {
          money: (row: UsdauRequestRow, decided) => ({ kind: 'usdau_decide', requestId: row.id, ...decided }),
        },
        subject: (row) => row.code,
        present: usdau.toWires,
        answer: usdau.toWire,
        // Without a chain (CHAIN_ENABLED=false) payouts wait in the outbox as mints do; a chain
        // without a USDAU token could never pay them.
        guard: (decision) => {
          if (decision === 'approve' && app.chain && app.chain.usdau === null)
            throw new ApplicationUnavailable(
              'No USDAU token is configured (USDAU_ADDRESS): the payout cannot be sent.',
            );
        },
        message: {
          kind: USDAU_MAIL,
          notice: (row) => reviewNotice(`USDAU ${row.code}`, row.status, '/request-external-usdau'),
          send: async (row, customer) =>
            mail.send(
              usdauRequestMail(customer.email, customer.username, app.config.publicUrl, await usdau.toWire(row)),
            ),
        },
      },
      {
        queue: apiPaths.adminUsdauRequests,
        decide: '/admin/usdau-requests/:id/:decision',
        queueSummary: 'USDAU requests: open ones first',
        decideSummary: 'Approve (pay the USDAU on chain) or reject (return the grams) a USDAU request',
        queueResponse: adminUsdauRequestsResponseSchema,
        answerKey: 'request',
        answerResponse: usdauRequestResponseSchema,
        // 503: no USDAU token, the payout could not be sent.
        moreErrors: [503],
      },
    );
  },
  {
    name: 'module:usdau',
    dependencies: ['auth', 'idempotency', 'outbox', 'module:money', 'module:market', 'module:transactions'],
  },
);

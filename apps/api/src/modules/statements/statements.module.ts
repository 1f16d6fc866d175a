import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createStatementsService, type StatementsService } from './statements.service.js';
import { statementsRoutes } from './statements.routes.js';

declare module '../../services.js' {
  interface Services {
    statements: StatementsService;
  }
}

/** The annual statement (DESIGN.md section 11): read-only, over the ledger and the transactions. */
export default fp(
  async (app) => {
    const { ledger, transactions } = app.services;
    const statements = createStatementsService({ ledger, transactions });
    app.services.statements = statements;
    await app.register(statementsRoutes, { prefix: API_BASE, statements });
  },
  { name: 'module:statements', dependencies: ['auth', 'module:ledger', 'module:transactions'] },
);

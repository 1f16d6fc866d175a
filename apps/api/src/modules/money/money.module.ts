import fp from 'fastify-plugin';
import { createMoneyEngine, type MoneyEngine } from './money.engine.js';

declare module '../../services.js' {
  interface Services {
    money: MoneyEngine;
  }
}

/**
 * The money engine: every product's money operation is an operation type of it (a
 * `money_op_<kind>` SQL function its module's migration adds), run with group commit.
 */
export default fp(
  async (app) => {
    app.services.money = createMoneyEngine(app.database, { log: app.log, onBatch: app.metrics.moneyBatch });
  },
  { name: 'module:money' },
);

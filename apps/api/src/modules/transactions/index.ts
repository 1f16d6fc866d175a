/** The transactions module's public surface: what other modules, the platform and app.ts may use. */
export { newTransactionCode, type TransactionsService } from './transactions.service.js';

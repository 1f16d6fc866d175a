/** The ledger module's public surface: what other modules, the platform and app.ts may use. */
export { type LedgerService } from './ledger.service.js';

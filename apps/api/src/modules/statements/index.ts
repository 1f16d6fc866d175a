/** The statements module's public surface: what other modules, the platform and app.ts may use. */
export { type StatementsService } from './statements.service.js';

/** The kyc module's public surface: what other modules, the platform and app.ts may use. */
export { type KycService } from './kyc.service.js';

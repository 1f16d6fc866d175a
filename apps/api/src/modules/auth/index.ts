/** The auth module's public surface: what other modules, the platform and app.ts may use. */
export { type Authenticated, type RequestOrigin } from './auth.service.js';

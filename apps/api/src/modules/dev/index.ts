/** The dev module's public surface: what other modules, the platform and app.ts may use. */
export { isDevRoute } from './dev.rules.js';

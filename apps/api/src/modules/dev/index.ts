/** The dev module's public surface: what other modules, the platform and app.ts may use. */
export { isDevRoute, isLoopbackAddress } from './dev.rules.js';

/** Database upkeep the database does not do itself: PGlite's stand-in for autovacuum. */
export { default as maintenancePlugin, VACUUM_PASS_MS } from './maintenance.plugin.js';
export { vacuumDue } from './vacuum.js';
export { tablesDue, type TableActivity, type Upkeep } from './vacuum.rules.js';

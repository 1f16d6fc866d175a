/** Database upkeep the database does not do itself: PGlite's stand-in for autovacuum. */
export { default as maintenancePlugin } from './maintenance.plugin.js';
export { vacuumDue } from './vacuum.js';

/** The gae module's public surface: what other modules, the platform and app.ts may use. */
export { MICROGRAMS, QMGT_PER_MICROGRAM, dayOf, gaePrice, terminationPrice, valueOf } from './gae.rules.js';

/** The money module's public surface: what other modules, the platform and app.ts may use. */
export { acceptedOrThrow } from './money.answers.js';
export { type MoneyEngine } from './money.engine.js';
export { type InputOf, type MoneyOperationKind } from './money.operations.js';

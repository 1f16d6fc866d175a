export * from './errors.js';
export * from './users.js';
export * from './auth.js';
export * from './dev.js';
export * from './health.js';
export * from './paths.js';
export * from './kyc.js';

/*
 * The whole database schema: every module keeps its tables in its own `<module>.schema.ts`;
 * this file gathers them for drizzle-kit (migrations) and the database client. A module reads
 * and writes only its own tables and reaches others through their services (lint enforces it).
 */
export * from '../modules/users/users.schema.js';
export * from '../modules/auth/auth.schema.js';
export * from '../adapters/mail/mail.schema.js';
export * from '../lib/audit.schema.js';
export * from '../modules/files/files.schema.js';
export * from '../modules/kyc/kyc.schema.js';
export * from '../adapters/kyc/sandbox.schema.js';
export * from '../modules/ledger/ledger.schema.js';
export * from '../modules/money/money.schema.js';
export * from '../modules/market/market.schema.js';
export * from '../modules/transactions/transactions.schema.js';
export * from '../modules/swap/swap.schema.js';
export * from '../modules/wallet/wallet.schema.js';
export * from '../modules/settlement/settlement.schema.js';
export * from '../modules/gae/gae.schema.js';
export * from '../modules/referrals/referrals.schema.js';
export * from '../modules/staking/staking.schema.js';
export * from '../modules/consultants/consultants.schema.js';
export * from '../modules/usdau/usdau.schema.js';
export * from '../modules/reserves/reserves.schema.js';
export * from '../modules/ges/ges.schema.js';
export * from '../modules/content/content.schema.js';
export * from '../modules/compliance/nominees.schema.js';
export * from '../modules/compliance/bank.schema.js';
export * from '../modules/payments/payments.schema.js';
export * from '../adapters/payments/sandbox.schema.js';
export * from '../platform/outbox/outbox.schema.js';
export * from '../platform/schedule/schedule.schema.js';
export * from '../modules/notifications/notifications.schema.js';
export * from '../modules/redemptions/redemptions.schema.js';
export * from '../modules/gifts/gifts.schema.js';

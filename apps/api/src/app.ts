import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { assertProductionSafe, sandboxWarning, type Config } from './config.js';
import type { Database } from './db/client.js';
import type { MailTransport } from './adapters/mail/index.js';
import type { Services } from './services.js';
import { loggerOptions } from './lib/logger.js';
import { frameworkErrors } from './plugins/errors.js';
import secretsPlugin from './plugins/secrets.js';
import databasePlugin from './plugins/database.js';
import redisPlugin from './plugins/redis.js';
import mailPlugin from './plugins/mail.js';
import chainPlugin from './plugins/chain.js';
import jobQueuePlugin from './plugins/job-queue.js';
import httpPlugin from './plugins/http.js';
import staticClientPlugin from './plugins/static-client.js';
import { maintenancePlugin } from './platform/maintenance/index.js';
import { schedulePlugin } from './platform/schedule/index.js';
import { outboxPlugin } from './platform/outbox/index.js';
import { metricsPlugin } from './platform/metrics/index.js';
import healthModule from './modules/health/health.module.js';
import authModule from './modules/auth/auth.module.js';
import devModule from './modules/dev/dev.module.js';
import filesModule from './modules/files/files.module.js';
import kycModule from './modules/kyc/kyc.module.js';
import ledgerModule from './modules/ledger/ledger.module.js';
import marketModule from './modules/market/market.module.js';
import transactionsModule from './modules/transactions/transactions.module.js';
import moneyModule from './modules/money/money.module.js';
import swapModule from './modules/swap/swap.module.js';
import walletModule from './modules/wallet/wallet.module.js';
import settlementModule from './modules/settlement/settlement.module.js';
import gaeModule from './modules/gae/gae.module.js';
import referralsModule from './modules/referrals/referrals.module.js';
import stakingModule from './modules/staking/staking.module.js';
import consultantsModule from './modules/consultants/consultants.module.js';
import usdauModule from './modules/usdau/usdau.module.js';
import reservesModule from './modules/reserves/reserves.module.js';
import gesModule from './modules/ges/ges.module.js';
import contentModule from './modules/content/content.module.js';
import complianceModule from './modules/compliance/compliance.module.js';
import paymentsModule from './modules/payments/payments.module.js';
import statementsModule from './modules/statements/statements.module.js';
import notificationsModule from './modules/notifications/notifications.module.js';
import redemptionsModule from './modules/redemptions/redemptions.module.js';
import giftsModule from './modules/gifts/gifts.module.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const VERSION = (JSON.parse(readFileSync(path.resolve(here, '../package.json'), 'utf8')) as { version: string })
  .version;
/** apps/web/dist, from both apps/api/src and apps/api/dist. */
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface BuildOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** A mail transport to use instead of the configured one (tests of failure and retry). */
  mail?: MailTransport;
  /** The sessions' clock (tests of idle and absolute expiry). */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** What modules offer each other (services.ts); each module adds its own entry. */
    services: Services;
  }
}

/**
 * The product's modules, in dependency order. Each is a Fastify plugin that builds its
 * service on `app.services`, registers its routes and declares its background work; a new
 * product is a new entry here (and its operation types in the money engine).
 */
const MODULES = [
  filesModule,
  kycModule,
  ledgerModule,
  marketModule,
  // Before the products: their outbox handlers deliver notifications.
  notificationsModule,
  transactionsModule,
  moneyModule,
  swapModule,
  walletModule,
  settlementModule,
  gaeModule,
  referralsModule,
  stakingModule,
  consultantsModule,
  usdauModule,
  reservesModule,
  gesModule,
  contentModule,
  complianceModule,
  paymentsModule,
  giftsModule,
  statementsModule,
  redemptionsModule,
];

/**
 * Builds the whole product's server: infrastructure, platform, request plugins, modules, the
 * client. `server.ts` only listens; tests call this and use `app.inject`. Plugins close
 * last-in first-out, so the infrastructure is registered first: the database closes last.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  // First, so that a production start on sandbox adapters stops before anything is opened.
  assertProductionSafe(config);
  const app = Fastify({
    // JSON without the SQL a failed query carries; pretty in a development terminal (lib/logger.ts).
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The infrastructure plugins open the database (migrating a fresh one), start the local
    // chain and deploy its contracts: seconds each on a busy machine, past Fastify's 10 s.
    pluginTimeout: 180_000,
    // Opaque request ids in logs; user input never becomes one.
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    // A malformed address (bad percent-escape, over-long segment) answers in our error shape.
    frameworkErrors,
    // A `__proto__` or `constructor.prototype` key is dropped like any unknown field, not a 400:
    // the document allows unknown fields, and dropping them is as safe as refusing.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const warning = sandboxWarning(config);
  if (warning) app.log.warn(warning);
  app.decorate('config', config);
  app.decorate('services', {} as Services);

  await app.register(secretsPlugin);
  await app.register(databasePlugin, options.database ? { database: options.database } : {});
  // Right after the database it reads: every later route's requests are counted.
  await app.register(metricsPlugin);
  await app.register(redisPlugin);
  await app.register(mailPlugin, options.mail ? { mail: options.mail } : {});
  await app.register(chainPlugin);
  // After the chain and the mail: the queue's jobs finish before those close.
  await app.register(jobQueuePlugin);
  await app.register(schedulePlugin);
  await app.register(maintenancePlugin);
  // The sender's last pass (its onClose) runs after every module has stopped owing.
  await app.register(outboxPlugin);

  const webDistDir = config.webDistDir ?? DEFAULT_WEB_DIST;
  await app.register(httpPlugin, { webDistDir, version: VERSION });
  await app.register(healthModule, { version: VERSION });
  await app.register(authModule, options.now ? { now: options.now } : {});
  await app.register(devModule);
  for (const module of MODULES) await app.register(module);
  await app.register(staticClientPlugin, { distDir: webDistDir });

  // Starts the schedule (its onReady hook): every module has declared its jobs by now.
  await app.ready();
  return app;
}

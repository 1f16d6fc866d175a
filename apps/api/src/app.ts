import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE, UPLOAD_MAX_BYTES } from '@qmgt/contracts';
import { Redis } from 'ioredis';
import { assertProductionSafe, sandboxWarning, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { startJobQueue, type JobQueue } from './jobs/queue.js';
import { createOutbox, outboxPlugin } from './platform/outbox/index.js';
import { createScheduler, type Scheduler } from './platform/schedule/index.js';
import { createMailTransport, type MailTransport } from './adapters/mail/index.js';
import helmetPlugin from './plugins/helmet.js';
import errorsPlugin, { frameworkErrors } from './plugins/errors.js';
import authPlugin from './plugins/auth.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import safeInputPlugin from './plugins/safe-input.js';
import devGatePlugin from './plugins/dev-gate.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import { memoryStore, redisStore } from './lib/shared-store.js';
import { loggerOptions } from './lib/logger.js';
import { createSignInThrottle } from './modules/auth/sign-in-throttle.js';
import { DEFAULT_THROTTLE_POLICY } from './modules/auth/throttle.rules.js';
import openapiPlugin from './plugins/openapi.js';
import apiRoutesPlugin from './plugins/api-routes.js';
import staticClientPlugin from './plugins/static-client.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { resolveSecrets, type Secrets } from './lib/secrets.js';
import filesModule from './modules/files/files.module.js';
import kycModule from './modules/kyc/kyc.module.js';
import { createFieldCipher, type FieldCipher } from './lib/field-cipher.js';
import idempotencyPlugin from './plugins/idempotency.js';
import { openChain, type ChainPort } from './adapters/chain/index.js';
import type { Services } from './services.js';
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
import nomineesModule from './modules/nominees/nominees.module.js';
import paymentsModule from './modules/payments/payments.module.js';
import bankModule from './modules/bank/bank.module.js';

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
    database: Database;
    jobs: JobQueue;
    /** Every periodic job (platform/schedule): declared by modules, run once per period across processes. */
    schedule: Scheduler;
    chain: ChainPort | undefined;
    /** The app's own secrets (signing keys), for the modules that sign or verify. */
    secrets: Secrets;
    services: Services;
  }
}

declare module './services.js' {
  interface Services {
    auth: AuthService;
    /** The mail port (dev mailbox or SMTP), for modules' job handlers. */
    mail: MailTransport;
    /** Encryption of sensitive fields at rest, keyed by the app secret. */
    fieldCipher: FieldCipher;
    /** A secret for one purpose (a sandbox's signing key), derived from the app secret. */
    derivedSecret: (purpose: string) => string;
  }
}

/**
 * The product's modules, in dependency order. Each is a Fastify plugin that builds its
 * service on `app.services`, registers its routes and starts its background work; a new
 * product is a new entry here (and its operation types in the money engine).
 */
const MODULES = [
  filesModule,
  kycModule,
  ledgerModule,
  marketModule,
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
  nomineesModule,
  bankModule,
  paymentsModule,
];

/**
 * Builds the whole product's server: database and migrations, job queue, adapters, plugins,
 * routes. `server.ts` only listens; tests call this and use `app.inject`.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  // First, so that a production start on sandbox adapters or a missing secret stops before anything is opened.
  assertProductionSafe(config);
  const secrets = resolveSecrets({
    dataDir: config.dataDir,
    sandbox: config.sandbox,
    appSecret: config.appSecret,
    webhookSecret: config.kyc.webhookSecret,
  });
  const app = Fastify({
    // JSON without the SQL a failed query carries; pretty in a development terminal (lib/logger.ts).
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
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

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pg'),
      pgliteThread: config.pgliteThread,
    }));
  await migrate(database);
  const jobs = await startJobQueue(database, app.log);
  const outbox = createOutbox({ database, log: app.log });
  const schedule = createScheduler({ db: database.db, log: app.log });
  const chain = config.chain.enabled ? await openChain(config, app.log) : undefined;
  const mail =
    options.mail ?? createMailTransport({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, db: database.db });
  // One Redis connection for everything several processes must share (rate limits, sign-in throttle).
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  const authService = createAuthService({
    db: database.db,
    outbox,
    mail,
    publicUrl: config.publicUrl,
    sessionPolicy: config.session,
    throttle: createSignInThrottle({
      store: redis ? redisStore(redis, 'qmgt-throttle-') : memoryStore(),
      policy: { ...DEFAULT_THROTTLE_POLICY, lockAfter: config.signInLock.after, lockMs: config.signInLock.ms },
      now: options.now ?? (() => new Date()),
    }),
    lockMinutes: Math.ceil(config.signInLock.ms / 60_000),
    notifications: database,
    ...(options.now ? { now: options.now } : {}),
  });
  await authService.start();
  authService.registerMails();
  await authService.ensureOperator(config.operator);

  app.decorate('config', config);
  app.decorate('secrets', secrets);
  app.decorate('database', database);
  app.decorate('jobs', jobs);
  app.decorate('schedule', schedule);
  app.decorate('chain', chain);
  app.decorate('services', {
    fieldCipher: createFieldCipher(secrets.appSecret),
    derivedSecret: (purpose: string) =>
      createHmac('sha256', secrets.appSecret).update(`qmgt-derived:${purpose}`).digest('base64url'),
    auth: authService,
    mail,
  } as Services);
  // Registered before the modules: onClose hooks run last-in first-out, so every module's
  // background work has stopped before the queue, the chain and the database close.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await chain?.stop();
    await mail.close();
    await authService.stop();
    await redis?.quit();
    if (ownsDatabase) await database.close();
  });
  // After the hook above: its onClose (the sender's last pass) runs before the database closes.
  await app.register(outboxPlugin, { outbox });

  const webDistDir = config.webDistDir ?? DEFAULT_WEB_DIST;
  await app.register(helmetPlugin, { webDistDir, sumsub: config.kyc.provider === 'sumsub' });
  await app.register(errorsPlugin);
  await app.register(safeInputPlugin);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 60, fieldSize: 4096, parts: 64, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  await app.register(rateLimitPlugin, { redis });
  await app.register(authPlugin, { authService });
  await app.register(devGatePlugin, { authService });
  await app.register(securityHeadersPlugin);
  await app.register(idempotencyPlugin);
  await app.register(openapiPlugin, { version: VERSION });
  await app.register(apiRoutesPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        db: database.db,
        sandbox: config.sandbox,
        version: VERSION,
        sandboxWarning: warning,
      });
      await api.register(authRoutes, { authService, rateLimit: config.rateLimit });
      await api.register(usersRoutes);
      if (config.sandbox) await api.register(devRoutes, { db: database.db });
    },
    { prefix: API_BASE },
  );
  for (const module of MODULES) await app.register(module);
  // Added after the modules, so it runs before theirs (onClose is last-in first-out): no pass
  // is still running when a module stops what it uses.
  app.addHook('onClose', () => schedule.stop());

  await app.register(staticClientPlugin, { distDir: webDistDir });

  await app.ready();
  await schedule.start();
  return app;
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE, KYC_HANDOFF_TTL_MS, UPLOAD_MAX_BYTES, apiPaths, toUnits, type ApiError } from '@qmgt/contracts';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { startJobQueue, type JobQueue } from './jobs/queue.js';
import { createMailTransport, type MailTransport } from './adapters/mail/index.js';
import errorsPlugin from './plugins/errors.js';
import authPlugin from './plugins/auth.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import openapiPlugin from './plugins/openapi.js';
import staticClientPlugin from './plugins/static-client.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { resolveSecrets } from './lib/secrets.js';
import { createLocalStorage } from './adapters/storage/local.js';
import { createTokenSigner } from './adapters/kyc/tokens.js';
import { createSumsubProvider } from './adapters/kyc/sumsub.js';
import { createSandboxProvider, type SandboxProvider } from './adapters/kyc/sandbox.js';
import type { IdentityProvider } from './adapters/kyc/port.js';
import { createFilesService, type FilesService } from './modules/files/files.service.js';
import { picturesRoutes } from './modules/files/files.routes.js';
import { createKycService, type KycService } from './modules/kyc/kyc.service.js';
import { kycRoutes, kycWebhookRoutes } from './modules/kyc/kyc.routes.js';
import { kycAdminRoutes } from './modules/kyc/kyc.admin.routes.js';
import { kycSandboxRoutes } from './modules/kyc/kyc.sandbox.routes.js';
import { createLedgerService, type LedgerService } from './modules/ledger/ledger.service.js';
import { ledgerAdminRoutes } from './modules/ledger/ledger.routes.js';
import { createIdempotencyService } from './modules/idempotency/idempotency.service.js';
import { createMarketService, type MarketService } from './modules/market/market.service.js';
import { DEFAULT_POLICY } from './modules/market/market.rules.js';
import { createSandboxPriceFeed } from './adapters/prices/sandbox.js';
import { createHttpPriceFeed } from './adapters/prices/http.js';
import { createTransactionsService, type TransactionsService } from './modules/transactions/transactions.service.js';
import { createSwapService, type SwapService } from './modules/swap/swap.service.js';
import { walletRoutes } from './modules/swap/swap.routes.js';
import { connectRpcChain, explorerTxUrl, startLocalChain, type ChainPort } from './adapters/chain/index.js';
import { createSettlement } from './modules/wallet/settlement.js';
import { createDepositWatcher } from './modules/wallet/deposits.js';
import { chainRoutes } from './modules/wallet/chain.routes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const VERSION = (JSON.parse(readFileSync(path.resolve(here, '../package.json'), 'utf8')) as { version: string })
  .version;
/** apps/web/dist, from both apps/api/src and apps/api/dist. */
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** The embedded anvil node, or the configured JSON-RPC chain (BSC). */
async function openChain(config: Config, log: FastifyInstance['log']): Promise<ChainPort> {
  if (config.chain.rpc) {
    if (!config.chain.mnemonic) throw new Error('WALLET_MNEMONIC is required with CHAIN_RPC_URL');
    return connectRpcChain({
      rpcUrl: config.chain.rpc.url,
      chainId: config.chain.rpc.chainId,
      usdt: config.chain.rpc.usdt as `0x${string}` | undefined,
      qmgt: config.chain.rpc.qmgt as `0x${string}`,
      mnemonic: config.chain.mnemonic,
    });
  }
  return startLocalChain({
    dataDir: config.dataDir,
    mnemonic: config.chain.mnemonic,
    anvilPath: config.chain.anvilPath,
    finalityDepth: config.chain.confirmations,
    logger: log,
  });
}

export interface BuildOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** A mail transport to use instead of the configured one (tests of failure and retry). */
  mail?: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    jobs: JobQueue;
    chain: ChainPort | undefined;
    services: {
      auth: AuthService;
      kyc: KycService;
      files: FilesService;
      sandboxKyc: SandboxProvider | undefined;
      ledger: LedgerService;
      market: MarketService;
      transactions: TransactionsService;
      swap: SwapService;
    };
  }
}

/**
 * Builds the whole product's server: database and migrations, job queue, adapters, plugins,
 * routes. `server.ts` only listens; tests call this and use `app.inject`.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  // First, so that a missing secret stops the start before anything is opened.
  const secrets = resolveSecrets({
    dataDir: config.dataDir,
    sandbox: config.sandbox,
    appSecret: config.appSecret,
    webhookSecret: config.kyc.webhookSecret,
  });
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Opaque request ids in logs; user input never becomes one.
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pg') }));
  await migrate(database);
  const jobs = await startJobQueue(database, app.log);
  const chain = config.chain.enabled ? await openChain(config, app.log) : undefined;
  const mail =
    options.mail ?? createMailTransport({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, db: database.db });
  const authService = createAuthService({
    db: database.db,
    queue: jobs,
    mail,
    publicUrl: config.publicUrl,
    sessionPolicy: config.session,
  });
  await authService.registerJobs();
  await authService.ensureOperator(config.operator);

  const filesService = createFilesService({
    db: database.db,
    storage: createLocalStorage(path.join(config.dataDir, 'uploads')),
  });
  let sandboxKyc: SandboxProvider | undefined;
  let identityProvider: IdentityProvider;
  if (config.kyc.sumsub) {
    identityProvider = createSumsubProvider({ ...config.kyc.sumsub, levelName: config.kyc.levelName });
  } else {
    sandboxKyc = createSandboxProvider({
      db: database.db,
      levelName: config.kyc.levelName,
      queue: jobs,
      accessTokens: createTokenSigner(secrets.appSecret, 'qmgt-sandbox-kyc-sdk', 30 * 60),
      webhookSecret: secrets.webhookSecret,
    });
    identityProvider = sandboxKyc.provider;
  }
  const kycService = createKycService({
    db: database.db,
    provider: identityProvider,
    sandbox: sandboxKyc,
    files: filesService,
    handoffTokens: createTokenSigner(secrets.appSecret, 'qmgt-kyc-handoff', KYC_HANDOFF_TTL_MS / 1000),
    webhookSecret: secrets.webhookSecret,
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('jobs', jobs);
  app.decorate('chain', chain);
  const ledgerService = createLedgerService(database.db);
  const policy = {
    ...DEFAULT_POLICY,
    spreadBps: BigInt(config.market.spreadBps),
    swapFeeBps: BigInt(config.market.swapFeeBps),
  };
  const marketService = createMarketService({
    db: database.db,
    feed: config.market.feed
      ? createHttpPriceFeed({ ...config.market.feed, timeoutMs: 5000 })
      : createSandboxPriceFeed(toUnits(config.market.goldUsdPerGram, 'USDT')),
    policy,
    refreshMs: config.market.refreshMs,
  });
  marketService.start();
  const chainId = chain?.chainId ?? config.chain.rpc?.chainId ?? 31337;
  const explorerUrl = (hash: string) =>
    explorerTxUrl(hash as `0x${string}`, { explorerTxBase: config.explorerTxBase, chainId }) ?? '';
  const transactionsService = createTransactionsService({ db: database.db, explorerUrl });
  const swapService = createSwapService({
    db: database.db,
    ledger: ledgerService,
    market: marketService,
    transactions: transactionsService,
    queue: jobs,
    policy,
  });
  const idempotencyService = createIdempotencyService(database.db);
  const depositWatcher = chain
    ? createDepositWatcher({
        db: database.db,
        chain,
        ledger: ledgerService,
        transactions: transactionsService,
        confirmations: BigInt(config.chain.confirmations),
        intervalMs: config.chain.scanMs,
      })
    : undefined;
  const settlement = chain
    ? createSettlement({
        db: database.db,
        chain,
        ledger: ledgerService,
        transactions: transactionsService,
        queue: jobs,
        confirmations: BigInt(config.chain.confirmations),
      })
    : undefined;
  await settlement?.start();
  depositWatcher?.start();
  app.decorate('services', {
    auth: authService,
    kyc: kycService,
    files: filesService,
    sandboxKyc,
    ledger: ledgerService,
    market: marketService,
    transactions: transactionsService,
    swap: swapService,
  });
  app.addHook('onClose', async () => {
    app.services.market.stop();
    await depositWatcher?.stop();
    settlement?.stop();
    await jobs.stop();
    await chain?.stop();
    await mail.close();
    if (ownsDatabase) await database.close();
  });

  const sumsubHosts = config.kyc.provider === 'sumsub' ? ['https://*.sumsub.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // With the Sumsub adapter its WebSDK loads a script and an iframe from Sumsub's hosts.
        scriptSrc: ["'self'", ...sumsubHosts],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...sumsubHosts, ...(sumsubHosts.length ? ['wss://*.sumsub.com'] : [])],
        frameSrc: ["'self'", ...sumsubHosts],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(errorsPlugin);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 60, fieldSize: 4096, parts: 64, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl });
  await app.register(authPlugin, { authService });
  await app.register(openapiPlugin, { version: VERSION });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db: database.db, sandbox: config.sandbox, version: VERSION });
      await api.register(authRoutes, { authService, rateLimit: config.rateLimit });
      await api.register(usersRoutes);
      await api.register(kycRoutes, { kyc: kycService, rateLimit: config.rateLimit });
      await api.register(kycWebhookRoutes, { kyc: kycService });
      await api.register(kycAdminRoutes, { kyc: kycService });
      await api.register(ledgerAdminRoutes, { ledger: ledgerService });
      if (chain) {
        await api.register(walletRoutes, {
          swap: swapService,
          ledger: ledgerService,
          market: marketService,
          transactions: transactionsService,
          idempotency: idempotencyService,
        });
        await api.register(chainRoutes, { chain, sandbox: config.sandbox, explorerUrl });
      }
      if (config.sandbox) await api.register(devRoutes, { db: database.db });
      if (config.sandbox && sandboxKyc)
        await api.register(kycSandboxRoutes, { sandbox: sandboxKyc, files: filesService, kyc: kycService });
    },
    { prefix: API_BASE },
  );
  await app.register(picturesRoutes, { files: filesService });

  // The sandbox provider calls our real webhook endpoint, in-process, with its signed payload.
  if (sandboxKyc) {
    await sandboxKyc.start(async (body, headers) => {
      const res = await app.inject({
        method: 'POST',
        url: `${API_BASE}${apiPaths.kycWebhook}`,
        payload: body,
        headers,
      });
      if (res.statusCode >= 300) throw new Error(`webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    });
  }

  await app.register(staticClientPlugin, { distDir: config.webDistDir ?? DEFAULT_WEB_DIST });

  // One not-found handler: JSON for the API, the client's index.html for client routes.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === API_BASE || pathname.startsWith(`${API_BASE}/`);
    if (!isApi && app.clientIndexAvailable && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const body: ApiError = {
      error: { status: 404, name: 'NotFoundError', message: `No route ${request.method} ${pathname}.`, details: {} },
    };
    return reply.status(404).send(body);
  });

  await app.ready();
  return app;
}

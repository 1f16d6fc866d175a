import { z } from 'zod';
import path from 'node:path';

/**
 * The only reader of process.env. Every variable the product understands is parsed here,
 * with its default; README.md's configuration table mirrors this schema.
 */
const boolFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const intFromEnv = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  /** Where embedded PGlite runs: a worker thread of its own (default) or the HTTP thread. */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('QMGT <no-reply@qmgt.local>'),
  /** Where the contact form's messages go. */
  SUPPORT_EMAIL: z.string().default('support@qmgt.local'),
  REDIS_URL: z.string().optional(),
  SANDBOX: boolFromEnv,
  OPERATOR_EMAIL: z.email().optional(),
  OPERATOR_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: boolFromEnv,
  /** Uploads in an S3-compatible bucket when S3_BUCKET is set; local disk (DATA_DIR/uploads) otherwise. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: boolFromEnv,
  S3_PREFIX: z.string().default(''),
  /** A bearer token that lets a scraper on another machine read GET /metrics. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Requests per window on sign-in, verification and reset routes, per client address. */
  RATE_LIMIT_AUTH_MAX: intFromEnv(10),
  RATE_LIMIT_WINDOW_MS: intFromEnv(60_000),
  /** Recipient look-ups (remit by e-mail or referral code) per window, per customer. */
  RATE_LIMIT_LOOKUP_MAX: intFromEnv(30),
  /** Per-account sign-in throttle: failed attempts that lock an account, and for how long. */
  SIGN_IN_LOCK_AFTER: z.coerce.number().int().min(4).max(1000).default(10),
  /** Days a referral reward vests before it can be claimed (DESIGN.md section 2: 30). */
  REWARD_VESTING_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  SIGN_IN_LOCK_MINUTES: intFromEnv(15),
  /** Idle and absolute session lifetimes; the defaults are SPEC.md's and DESIGN.md's. */
  SESSION_IDLE_MINUTES: intFromEnv(15),
  SESSION_ABSOLUTE_HOURS: intFromEnv(8),
  /** Signs short-lived tokens (KYC hand-off, sandbox provider). Generated into DATA_DIR in sandbox. */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  /** Identity provider: Sumsub when SUMSUB_APP_TOKEN is set, the sandbox provider otherwise. */
  SUMSUB_APP_TOKEN: z.string().optional(),
  SUMSUB_SECRET_KEY: z.string().optional(),
  SUMSUB_WEBHOOK_SECRET: z.string().optional(),
  SUMSUB_LEVEL: z.string().default('basic-kyc-level'),
  SUMSUB_BASE_URL: z.url().default('https://api.sumsub.com'),
  SUMSUB_TIMEOUT_MS: intFromEnv(5000),
  /** Gold price: the sandbox walk starts here (USD per gram); PRICE_FEED_URL switches to a real feed. */
  GOLD_USD_PER_GRAM: z
    .string()
    .regex(/^\d+(\.\d{1,18})?$/, 'GOLD_USD_PER_GRAM must be a decimal number')
    .default('130'),
  PRICE_FEED_URL: z.url().optional(),
  PRICE_FEED_PATH: z.string().default('price'),
  PRICE_FEED_UNIT: z.enum(['gram', 'ounce']).default('gram'),
  PRICE_REFRESH_SECONDS: intFromEnv(60),
  /** A notification stream closes after this long; the client reconnects with Last-Event-ID (its session is checked again). */
  NOTIFICATION_STREAM_MAX_SECONDS: intFromEnv(900),
  QMGT_SPREAD_BPS: z.coerce.number().int().min(0).max(5000).default(200),
  SWAP_FEE_BPS: z.coerce.number().int().min(0).max(5000).default(50),
  EXPLORER_TX_BASE: z.url().optional(),
  /** The platform's HD wallet: treasury at index 0, customers' custodial addresses after it. Generated in sandbox. */
  WALLET_MNEMONIC: z.string().optional(),
  /** Chain: anvil (embedded) unless CHAIN_RPC_URL points at BSC or another EVM node. */
  CHAIN_ID: z.coerce.number().int().positive().default(56),
  USDT_ADDRESS: z.string().optional(),
  QMGT_ADDRESS: z.string().optional(),
  USDAU_ADDRESS: z.string().optional(),
  DEPOSIT_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
  DEPOSIT_SCAN_MS: intFromEnv(2000),
  ANVIL_PATH: z.string().optional(),
  /** Later adapters; listed so that their presence turns the sandbox default off. */
  CHAIN_RPC_URL: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Stripe's signing secret of our webhook endpoint (whsec_...): needed with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** How long a call to Stripe may take before it counts as failed (the SDK tries twice). */
  STRIPE_TIMEOUT_MS: intFromEnv(10_000),
});
export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** PUBLIC_URL, or http://localhost:PORT when it is unset. */
  publicUrl: string;
  /**
   * PUBLIC_URL was set: every link uses it. Unset, a link asked for from this machine uses the
   * address the request came to (lib/link-base.ts), outside production only.
   */
  publicUrlFixed: boolean;
  databaseUrl: string | undefined;
  /** PGLITE_THREAD: PGlite on a worker thread (the database and HTTP each get a core) or on this one. */
  pgliteThread: 'worker' | 'main';
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** STRIPE_SECRET_KEY: the bank port's production adapter; unset, the sandbox bank. */
  stripeSecretKey: string | undefined;
  /** STRIPE_WEBHOOK_SECRET: verifies Stripe-Signature on payment webhooks (Spend To Save). */
  stripeWebhookSecret: string | undefined;
  /** STRIPE_TIMEOUT_MS: a Stripe call not answered within this is the gateway being unavailable. */
  stripeTimeoutMs: number;
  redisUrl: string | undefined;
  /** NOTIFICATION_STREAM_MAX_SECONDS: how long one notification stream stays open before the client reconnects. */
  notificationStreamMaxMs: number;
  /** SANDBOX: the /api/dev/* routes and the dev mailbox page are on. */
  sandbox: boolean;
  operator: { email: string; password: string } | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string | undefined;
  trustProxy: boolean;
  /** S3_*: uploads in an S3-compatible bucket; undefined keeps them on local disk. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean | undefined;
        prefix: string;
      }
    | undefined;
  /** METRICS_TOKEN: GET /metrics answers this bearer from anywhere (and this machine without one). */
  metricsToken: string | undefined;
  rateLimit: { authMax: number; windowMs: number };
  /** Recipient look-ups per window, per customer (RATE_LIMIT_LOOKUP_MAX, RATE_LIMIT_WINDOW_MS). */
  lookupRateLimit: { max: number; windowMs: number };
  /** Failed sign-ins to one account (from any address) that lock it, and the lock's length. */
  signInLock: { after: number; ms: number };
  /** Days a referral reward vests. */
  rewardVestingDays: number;
  session: { idleMs: number; absoluteMs: number };
  /** undefined: generated on first start and kept in DATA_DIR/secrets.json (sandbox only). */
  appSecret: string | undefined;
  market: {
    goldUsdPerGram: string;
    feed: { url: string; path: string; unit: 'gram' | 'ounce' } | undefined;
    refreshMs: number;
    spreadBps: number;
    swapFeeBps: number;
  };
  explorerTxBase: string | undefined;
  chain: {
    /** Tests that do not move money run without a chain; the product always has one. */
    enabled: boolean;
    rpc:
      { url: string; chainId: number; usdt: string | undefined; qmgt: string; usdau: string | undefined } | undefined;
    mnemonic: string | undefined;
    confirmations: number;
    scanMs: number;
    anvilPath: string | undefined;
  };
  kyc: {
    provider: 'sandbox' | 'sumsub';
    levelName: string;
    /** Verifies X-Payload-Digest of provider webhooks; the sandbox signs with it too. */
    webhookSecret: string | undefined;
    sumsub: { appToken: string; secretKey: string; baseUrl: string; timeoutMs: number } | undefined;
  };
}

export class ConfigError extends Error {}

/**
 * The embedded stand-ins a configuration runs on: each is fine on a person's machine and
 * wrong in production (mail nobody receives, identities nobody checked, a chain and a gold
 * price that exist only here, secrets written to a file).
 */
export function sandboxAdaptersOf(config: Config): string[] {
  const adapters: string[] = [];
  if (!config.smtpUrl) adapters.push('dev mailbox (SMTP_URL unset)');
  if (!config.kyc.sumsub) adapters.push('sandbox identity provider (SUMSUB_APP_TOKEN unset)');
  if (config.chain.enabled && !config.chain.rpc) adapters.push('embedded anvil chain (CHAIN_RPC_URL unset)');
  if (!config.stripeSecretKey) adapters.push('sandbox payment gateway and bank (STRIPE_SECRET_KEY unset)');
  if (!config.market.feed) adapters.push('sandbox gold price (PRICE_FEED_URL unset)');
  if (!config.appSecret || !config.kyc.webhookSecret)
    adapters.push('generated secrets (APP_SECRET or SUMSUB_WEBHOOK_SECRET unset)');
  return adapters;
}

/**
 * Production runs on production adapters only, unless SANDBOX=true says otherwise on purpose
 * (a demo server): then `sandboxWarning` is what the log and /api/health say about it. Under
 * NODE_ENV=production `sandbox` is true only when SANDBOX=true was set explicitly.
 */
export function assertProductionSafe(config: Config): void {
  if (config.env !== 'production' || config.sandbox) return;
  const adapters = sandboxAdaptersOf(config);
  if (adapters.length === 0) return;
  throw new ConfigError(
    `Refusing to start: NODE_ENV=production on sandbox adapters: ${adapters.join('; ')}. ` +
      'Configure their production adapters, or set SANDBOX=true to run the sandbox deliberately.',
  );
}

/** What the product says, loudly, when the sandbox runs under NODE_ENV=production; undefined otherwise. */
export function sandboxWarning(config: Config): string | undefined {
  if (config.env !== 'production' || !config.sandbox) return undefined;
  const adapters = sandboxAdaptersOf(config);
  return (
    'SANDBOX=true under NODE_ENV=production: this is not a production deployment. ' +
    `${adapters.length ? `Stand-ins in use: ${adapters.join('; ')}. ` : ''}` +
    '/api/dev/* answers loopback clients and operators.'
  );
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.OPERATOR_EMAIL === undefined) !== (e.OPERATOR_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: OPERATOR_EMAIL and OPERATOR_PASSWORD go together');
  }
  if (e.CHAIN_RPC_URL && (!e.QMGT_ADDRESS || !e.WALLET_MNEMONIC)) {
    throw new ConfigError('Invalid configuration: CHAIN_RPC_URL needs QMGT_ADDRESS and WALLET_MNEMONIC');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (payment webhooks)');
  }
  if (e.SUMSUB_APP_TOKEN && (!e.SUMSUB_SECRET_KEY || !e.SUMSUB_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration: SUMSUB_APP_TOKEN needs SUMSUB_SECRET_KEY and SUMSUB_WEBHOOK_SECRET');
  }
  const productionAdapterConfigured = Boolean(
    e.SMTP_URL || e.SUMSUB_APP_TOKEN || e.CHAIN_RPC_URL || e.STRIPE_SECRET_KEY,
  );
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlFixed: e.PUBLIC_URL !== undefined,
    databaseUrl: e.DATABASE_URL || undefined,
    pgliteThread: e.PGLITE_THREAD,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeTimeoutMs: e.STRIPE_TIMEOUT_MS,
    redisUrl: e.REDIS_URL || undefined,
    notificationStreamMaxMs: e.NOTIFICATION_STREAM_MAX_SECONDS * 1000,
    // Production never falls into the sandbox by default: only an explicit SANDBOX=true.
    sandbox: e.NODE_ENV === 'production' ? e.SANDBOX === true : (e.SANDBOX ?? !productionAdapterConfigured),
    operator:
      e.OPERATOR_EMAIL && e.OPERATOR_PASSWORD
        ? { email: e.OPERATOR_EMAIL.toLowerCase(), password: e.OPERATOR_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY ?? false,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    rateLimit: { authMax: e.RATE_LIMIT_AUTH_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    lookupRateLimit: { max: e.RATE_LIMIT_LOOKUP_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    signInLock: { after: e.SIGN_IN_LOCK_AFTER, ms: e.SIGN_IN_LOCK_MINUTES * 60_000 },
    rewardVestingDays: e.REWARD_VESTING_DAYS,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    appSecret: e.APP_SECRET,
    market: {
      goldUsdPerGram: e.GOLD_USD_PER_GRAM,
      feed: e.PRICE_FEED_URL ? { url: e.PRICE_FEED_URL, path: e.PRICE_FEED_PATH, unit: e.PRICE_FEED_UNIT } : undefined,
      refreshMs: e.PRICE_REFRESH_SECONDS * 1000,
      spreadBps: e.QMGT_SPREAD_BPS,
      swapFeeBps: e.SWAP_FEE_BPS,
    },
    explorerTxBase: e.EXPLORER_TX_BASE,
    chain: {
      enabled: true,
      rpc: e.CHAIN_RPC_URL
        ? {
            url: e.CHAIN_RPC_URL,
            chainId: e.CHAIN_ID,
            usdt: e.USDT_ADDRESS,
            qmgt: e.QMGT_ADDRESS ?? '',
            usdau: e.USDAU_ADDRESS,
          }
        : undefined,
      mnemonic: e.WALLET_MNEMONIC,
      confirmations: e.DEPOSIT_CONFIRMATIONS,
      scanMs: e.DEPOSIT_SCAN_MS,
      anvilPath: e.ANVIL_PATH,
    },
    kyc: {
      provider: e.SUMSUB_APP_TOKEN ? 'sumsub' : 'sandbox',
      levelName: e.SUMSUB_LEVEL,
      webhookSecret: e.SUMSUB_WEBHOOK_SECRET,
      sumsub:
        e.SUMSUB_APP_TOKEN && e.SUMSUB_SECRET_KEY
          ? {
              appToken: e.SUMSUB_APP_TOKEN,
              secretKey: e.SUMSUB_SECRET_KEY,
              baseUrl: e.SUMSUB_BASE_URL.replace(/\/+$/, ''),
              timeoutMs: e.SUMSUB_TIMEOUT_MS,
            }
          : undefined,
    },
  };
  const result = { ...config, ...overrides };
  assertProductionSafe(result);
  return result;
}

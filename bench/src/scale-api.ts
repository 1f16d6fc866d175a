/**
 * The built API's own code that `npm run bench:scale` runs in its own process: the migrator,
 * the pricing rules that give each seeded operation its figures, transaction codes, the
 * password hash, and the whole app (to time one pass of each background job). Loaded from
 * apps/api/dist at run time, as the bench starts dist/server.js: the bench measures what was
 * built, and its type check does not depend on a build. The interfaces below are the few
 * members used, as the API's source declares them.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './processes.js';

const DIST = path.join(ROOT, 'apps/api/dist');

async function load<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(DIST, file)).href)) as T;
}

export interface SwapFigures {
  amountIn: bigint;
  amountOut: bigint;
  fee: bigint;
  price: bigint;
}

export interface GoldFigures {
  fee: bigint;
  grams: bigint;
  price: bigint;
}

export interface TerminationFigures {
  grams: bigint;
  spot: bigint;
  price: bigint;
  gross: bigint;
  earlyExit: boolean;
  earlyExitFee: bigint;
  refund: bigint;
}

export type TransactionType =
  'QMGT' | 'DEPOSIT' | 'GAE' | 'GES' | 'PAYMENT' | 'REMIT' | 'TERMINATION' | 'USDAU' | 'REWARD';

export interface ProductRules {
  quoteSwap(
    direction: { from: 'USDT'; to: 'QMGT' } | { from: 'QMGT'; to: 'USDT' },
    amountIn: bigint,
    spot: bigint,
  ): SwapFigures;
  quoteGae(amountUsdt: bigint, spot: bigint): { amountUsdt: bigint; grams: bigint; price: bigint; fee: bigint };
  instalmentFigures(
    amountUsdt: bigint,
    spot: bigint,
  ): { amountUsdt: bigint; grams: bigint; price: bigint; fee: bigint };
  dueOn(startDate: string, seq: number): string;
  spendToSave(cents: bigint, spot: bigint): GoldFigures;
  usdauPayout(grams: bigint, spot: bigint): { price: bigint; usdauAmount: bigint };
  terminationSummary(input: {
    grams: bigint;
    spot: bigint;
    openedAt: Date;
    now: Date;
    currency: 'USDT' | 'QMGT';
  }): TerminationFigures;
  newTransactionCode(type: TransactionType): string;
  hashPassword(password: string): Promise<string>;
  newUserHash(): string;
  newRefCode(): string;
}

export async function loadProductRules(): Promise<ProductRules> {
  const [market, gae, ges, payments, usdau, transactions, passwords, tokens] = await Promise.all([
    load<Pick<ProductRules, 'quoteSwap'>>('modules/market/market.rules.js'),
    load<Pick<ProductRules, 'quoteGae' | 'terminationSummary'>>('modules/gae/gae.rules.js'),
    load<Pick<ProductRules, 'instalmentFigures' | 'dueOn'>>('modules/ges/ges.rules.js'),
    load<Pick<ProductRules, 'spendToSave'>>('modules/payments/payments.rules.js'),
    load<Pick<ProductRules, 'usdauPayout'>>('modules/usdau/usdau.rules.js'),
    load<Pick<ProductRules, 'newTransactionCode'>>('modules/transactions/transactions.service.js'),
    load<Pick<ProductRules, 'hashPassword'>>('modules/auth/passwords.js'),
    load<Pick<ProductRules, 'newUserHash' | 'newRefCode'>>('lib/secure-tokens.js'),
  ]);
  return {
    quoteSwap: (direction, amountIn, spot) => market.quoteSwap(direction, amountIn, spot),
    quoteGae: gae.quoteGae,
    terminationSummary: gae.terminationSummary,
    instalmentFigures: ges.instalmentFigures,
    dueOn: ges.dueOn,
    spendToSave: payments.spendToSave,
    usdauPayout: usdau.usdauPayout,
    newTransactionCode: transactions.newTransactionCode,
    hashPassword: passwords.hashPassword,
    newUserHash: tokens.newUserHash,
    newRefCode: tokens.newRefCode,
  };
}

/** The product's migrator (apps/api/src/db/migrate.ts) on a PostgreSQL database. */
export async function migrateDatabase(url: string): Promise<number> {
  const { migrate } = await load<{
    migrate(database: { kind: 'postgres'; connectionString: string }): Promise<number>;
  }>('db/migrate.js');
  return migrate({ kind: 'postgres', connectionString: url });
}

/** The platform's schedule (apps/api/src/platform/schedule): every periodic pass, by name. */
export interface Schedule {
  /** Runs the job's pass now in this process (claiming it across processes); false when it is running already. */
  runNow(name: string): Promise<boolean>;
}

export interface BuiltApp {
  schedule: Schedule;
  close(): Promise<void>;
}

/** The whole product, built as server.ts builds it (without listening), on `env` as its environment. */
export async function buildProductApp(env: NodeJS.ProcessEnv): Promise<BuiltApp> {
  const [{ buildApp }, { loadConfig }] = await Promise.all([
    load<{ buildApp(options: { config: unknown; logger?: unknown }): Promise<BuiltApp> }>('app.js'),
    load<{ loadConfig(source: NodeJS.ProcessEnv): unknown }>('config.js'),
  ]);
  return buildApp({ config: loadConfig(env), logger: { level: 'warn' } });
}

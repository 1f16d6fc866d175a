/**
 * Seeds a PostgreSQL database for `npm run bench:scale` (scale.ts) the way the product would
 * have filled it, only faster:
 *
 * - Plain data (users, their KYC records as the sandbox provider and the KYC module leave
 *   them, audit rows, support tickets) by COPY, many thousand rows a statement.
 * - Everything that moves money through the money engine's own SQL function,
 *   `money_execute_batch` (apps/api/sql/money_execute_batch.sql and the operation types' files), 200 operations
 *   a call, on several connections at once: the same operations with the same parameters the
 *   API builds (figures from the API's own pricing rules, quotes inserted as the API inserts
 *   them), so every posting goes through ledger_post and its triggers: entries balance,
 *   customer balances stay >= 0, rewards, outbox rows and idempotency keys are written as in
 *   production. Nothing is inserted into postings, journal entries, ledger accounts or
 *   transactions directly.
 *
 * Batches are grouped so that parallel connections seldom wait on one another: a batch holds
 * one range of customers, and the batches that lock one hot row (the referral tree's uplines,
 * the GES group) run one at a time.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { toUnits } from '@qmgt/contracts';
import type { ProductRules, TransactionType } from './scale-api.js';

/** The sizes at --scale 1 (the issue's "at least"). */
export const FULL_SIZES = {
  customers: 100_000,
  transactions: 1_000_000,
  downlines: 10_000,
  traderTransactions: 5_000,
  gaePlans: 20_000,
  saverMovements: 3_000,
  gaePurchases: 150_000,
  gesMembers: 5_000,
  payments: 10_000,
  remittances: 50_000,
  supportTickets: 5_000,
  /** Open operator queues: GAE terminations, USDAU requests, reward payout requests (each). */
  queueItems: 500,
} as const;

export type Sizes = { -readonly [K in keyof typeof FULL_SIZES]: number };

export function sizesAt(scale: number): Sizes {
  return Object.fromEntries(
    Object.entries(FULL_SIZES).map(([key, value]) => [key, Math.max(1, Math.round(value * scale))]),
  ) as Sizes;
}

/** Who the measured customers are, and what else the measurements need; saved beside the data dir. */
export interface SeedManifest {
  scale: number;
  sizes: Sizes;
  password: string;
  trader: Person;
  referrer: Person;
  saver: Person;
  gesGroupId: string;
  seededAt: string;
  seedSeconds: Record<string, number>;
  counts: Record<string, number>;
  databaseSize: string;
}

export interface Person {
  id: string;
  email: string;
}

const OPS_PER_BATCH = 200;
const COPY_ROWS_PER_CHUNK = 5_000;
const SWAP_USDT = toUnits('20', 'USDT');
const SELL_QMGT = toUnits('0.02', 'QMGT');
const GAE_USDT = toUnits('150', 'USDT');
const REMIT_USDT = toUnits('25', 'USDT');
const PAYMENT_CENTS = 20_000n;
const USDAU_GRAMS = toUnits('0.1', 'GOLD');
const DEPOSITS_PER_CUSTOMER = 3;
const SPARE_USDT = toUnits('10', 'USDT');
const QUOTE_TTL_MS = 30_000;

/** The plan of the whole seed: index ranges of customers and how many operations each kind gets. */
export interface Layout {
  sizes: Sizes;
  /** Index 0 trader, 1 referrer, 2 saver; [treeStart, treeEnd) the referrer's downline. */
  treeStart: number;
  treeEnd: number;
  level1: number;
  level2: number;
  /** Plan holders besides the saver: [planStart, customers). */
  planStart: number;
  /** GES members besides the saver: [gesStart, gesStart + gesMembers - 1). */
  gesStart: number;
  /** Payers: [payStart, payStart + payments). */
  payStart: number;
  /** Remitters: [remitStart, remitStart + remittances); each sends one remittance to the next customer. */
  remitStart: number;
  swaps: number;
  sells: number;
  trader: { deposits: number; swaps: number; sells: number; payments: number; remits: number };
  gaePerPlan: number;
  gaeExtra: number;
}

export function layoutOf(sizes: Sizes): Layout {
  const treeStart = 3;
  const treeEnd = treeStart + sizes.downlines;
  const level1 = Math.max(1, Math.round(sizes.downlines * 0.01));
  const level2 = Math.max(1, Math.round(sizes.downlines * 0.1));
  const regular = treeEnd;
  const planStart = sizes.customers - (sizes.gaePlans - 1);
  const gesStart = regular;
  const payStart = gesStart + sizes.gesMembers - 1;
  const remitStart = regular;
  if (planStart <= payStart + sizes.payments || sizes.customers - regular < sizes.remittances + 1)
    throw new Error(`--scale too small or too large for the customer layout (${JSON.stringify(sizes)})`);
  const t = sizes.traderTransactions;
  const trader = {
    deposits: Math.max(1, Math.round(t * 0.05)),
    payments: Math.max(1, Math.round(t * 0.01)),
    remits: Math.max(1, Math.round(t * 0.01)),
    swaps: Math.max(1, Math.round(t * 0.5)),
    sells: 0,
  };
  trader.sells = Math.max(0, t - trader.deposits - trader.payments - trader.remits - trader.swaps);
  const otherSavers = sizes.gaePlans - 1;
  const gaeRest = Math.max(otherSavers, sizes.gaePurchases - sizes.saverMovements);
  // Deposits (3 a customer), GAE, GES, payments, remittances (two rows each) and the trader's
  // own: what is left of the transactions are swaps and sells, 3 to 2.
  const rest =
    sizes.transactions -
    DEPOSITS_PER_CUSTOMER * (sizes.customers - 1) -
    sizes.saverMovements -
    gaeRest -
    sizes.gesMembers -
    sizes.payments -
    2 * sizes.remittances -
    t;
  const swaps = Math.max(0, Math.round(rest * 0.6));
  return {
    sizes,
    treeStart,
    treeEnd,
    level1,
    level2,
    planStart,
    gesStart,
    payStart,
    remitStart,
    swaps,
    sells: Math.max(0, rest - swaps),
    trader,
    gaePerPlan: Math.floor(gaeRest / otherSavers),
    gaeExtra: gaeRest % otherSavers,
  };
}

/** Swaps and sells of customer i (not the trader): spread evenly over everyone but the three measured customers. */
function swapsOf(layout: Layout, i: number): number {
  const n = layout.sizes.customers - 3;
  const k = i - 3;
  return Math.floor(layout.swaps / n) + (k < layout.swaps % n ? 1 : 0);
}
function sellsOf(layout: Layout, i: number): number {
  if (swapsOf(layout, i) === 0) return 0;
  const withSwaps = Math.min(layout.sizes.customers - 3, layout.swaps);
  const k = i - 3;
  return Math.floor(layout.sells / withSwaps) + (k < layout.sells % withSwaps ? 1 : 0);
}
function gaeOf(layout: Layout, i: number): number {
  if (i === 2) return layout.sizes.saverMovements;
  if (i < layout.planStart) return 0;
  return layout.gaePerPlan + (i - layout.planStart < layout.gaeExtra ? 1 : 0);
}
const isGesMember = (l: Layout, i: number) => i === 2 || (i >= l.gesStart && i < l.gesStart + l.sizes.gesMembers - 1);
const paymentsOf = (l: Layout, i: number) =>
  i === 0 ? l.trader.payments : i >= l.payStart && i < l.payStart + l.sizes.payments ? 1 : 0;
const remitsOf = (l: Layout, i: number) =>
  i === 0 ? l.trader.remits : i >= l.remitStart && i < l.remitStart + l.sizes.remittances ? 1 : 0;
const inTree = (l: Layout, i: number) => i >= l.treeStart && i < l.treeEnd;

/** USDT customer i spends in the seed: their deposits cover it (and a little more). */
function usdtNeeded(layout: Layout, i: number, gesInstalment: bigint): bigint {
  const swaps = i === 0 ? layout.trader.swaps : swapsOf(layout, i);
  return (
    BigInt(swaps) * SWAP_USDT +
    BigInt(gaeOf(layout, i)) * GAE_USDT +
    (isGesMember(layout, i) ? gesInstalment : 0n) +
    BigInt(remitsOf(layout, i)) * REMIT_USDT +
    SPARE_USDT
  );
}

interface Batch {
  ops: Record<string, unknown>[];
  /** Quote rows the API would have inserted just before (POST .../quote), by table. */
  quotes?: { table: 'swap_quotes' | 'gold_quotes' | 'ges_quotes' | 'save_quotes'; rows: Record<string, unknown>[] };
  /** Batches with the same key run one at a time (they all lock one hot row). */
  exclusive?: string;
}

interface Answer {
  status: number;
  error?: { name: string; message: string };
  [field: string]: unknown;
}

/** The referral code alphabet (apps/api/src/lib/secure-tokens.ts): 32 characters, no 0/O or 1/I. */
const REF_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random code of the product's shape whose last five characters are the index in that alphabet: no two clash. */
function refCode(random: string, index: number): string {
  let tail = '';
  for (let rest = index, k = 0; k < 5; k++, rest = Math.floor(rest / 32)) tail = REF_CODE_ALPHABET[rest % 32] + tail;
  return random.slice(0, random.length - 5) + tail;
}

async function hasColumn(client: pg.Client, table: string, column: string): Promise<boolean> {
  const { rowCount } = await client.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name = $2`,
    [table, column],
  );
  return (rowCount ?? 0) > 0;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const idempotency = (scope: string) => ({ key: randomUUID(), scope, requestHash: hex(32) });

export class Seeder {
  private readonly customers: string[] = [];
  private readonly started = performance.now();
  readonly seconds: Record<string, number> = {};
  readonly counts: Record<string, number> = {};

  constructor(
    private readonly url: string,
    private readonly rules: ProductRules,
    readonly layout: Layout,
    private readonly connections: number,
    private readonly spot: bigint,
    private readonly log: (line: string) => void,
  ) {}

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    // A bulk load: a crash loses the last commits, never their consistency.
    await client.query('SET synchronous_commit = off');
    return client;
  }

  private async timed<T>(step: string, run: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    this.log(`seed: ${step}...`);
    const result = await run();
    this.seconds[step] = (performance.now() - t0) / 1000;
    this.log(
      `seed: ${step} done in ${this.seconds[step].toFixed(1)} s (${((performance.now() - this.started) / 1000).toFixed(0)} s since the seed began)`,
    );
    return result;
  }

  id(i: number): string {
    return this.customers[i]!;
  }

  /** Users with verified e-mail and KYC, their upline links, KYC records and audit rows, by COPY. */
  async users(passwordHash: string, operatorId: string, levelName: string): Promise<void> {
    const { sizes, treeStart, treeEnd, level1, level2 } = this.layout;
    for (let i = 0; i < sizes.customers; i++) this.customers.push(randomUUID());
    const upline = (i: number): string | null => {
      if (i < treeStart || i >= treeEnd) return null;
      const k = i - treeStart;
      if (k < level1) return this.id(1);
      if (k < level1 + level2) return this.id(treeStart + ((k - level1) % level1));
      return this.id(treeStart + level1 + ((k - level1 - level2) % level2));
    };
    const now = new Date();
    // Sign-ups over the last year, oldest first: lists ordered by date have dates to order.
    const createdAt = (i: number) =>
      new Date(now.getTime() - (365 * 86_400_000 * (sizes.customers - i)) / sizes.customers - 3_600_000);
    const applicant = this.customers.map(() => `sbx_${hex(12)}`);
    const text = (value: string | null) => (value === null ? '\\N' : value);
    const rows = (make: (i: number) => (string | null)[]) =>
      function* () {
        for (let i = 0; i < sizes.customers; i++) yield `${make(i).map(text).join('\t')}\n`;
      };
    await this.timed(`users: ${sizes.customers} customers (COPY)`, async () => {
      const client = await this.connect();
      try {
        await this.copy(
          client,
          'users (id, username, email, password_hash, confirmed, role, kyc_status, user_hash, ref_code, upline_id, created_at, updated_at, confirmed_at)',
          rows((i) => {
            const at = createdAt(i).toISOString();
            return [
              this.id(i),
              `scale${i}`,
              `scale${i}@example.com`,
              passwordHash,
              't',
              'customer',
              'Verified',
              this.rules.newUserHash(),
              refCode(this.rules.newRefCode(), i),
              upline(i),
              at,
              at,
              at,
            ];
          }),
        );
      } finally {
        await client.end();
      }
    });
    await this.timed('KYC records and audit rows (COPY, in parallel)', async () => {
      const at = (i: number, minutes: number) => new Date(createdAt(i).getTime() + minutes * 60_000).toISOString();
      const form = JSON.stringify({
        firstName: 'Scale',
        lastName: 'Customer',
        dateOfBirth: '1990-01-01',
        address: '1 Bench Street',
        city: 'Testville',
        postalCode: '12345',
        country: 'DE',
      });
      const copies: [string, () => Generator<string>][] = [
        [
          'sandbox_kyc_applicants (id, external_user_id, level_name, review_status, review_answer, reject_labels, submitted_at, reviewed_at, created_at)',
          rows((i) => [
            applicant[i]!,
            this.id(i),
            levelName,
            'completed',
            'GREEN',
            '[]',
            at(i, 10),
            at(i, 30),
            at(i, 5),
          ]),
        ],
        [
          'kyc_applicants (user_id, provider, provider_applicant_id, level_name, review_status, review_answer, reject_labels, last_event_at, created_at, updated_at)',
          rows((i) => [
            this.id(i),
            'sandbox',
            applicant[i]!,
            levelName,
            'completed',
            'GREEN',
            '[]',
            at(i, 30),
            at(i, 5),
            at(i, 30),
          ]),
        ],
        [
          'kyc_personal_info (user_id, form, current_step, submitted_at, updated_at)',
          rows((i) => [this.id(i), form, '3', at(i, 10), at(i, 10)]),
        ],
        [
          'kyc_webhook_events (provider, payload_digest, type, provider_applicant_id, event_created_at, outcome, received_at)',
          rows((i) => ['sandbox', hex(32), 'applicantReviewed', applicant[i]!, at(i, 30), 'applied', at(i, 30)]),
        ],
        [
          'audit_log (actor_id, subject_id, action, detail, created_at)',
          function* (this: Seeder) {
            for (let i = 0; i < sizes.customers; i++) {
              const id = this.id(i);
              yield `${id}\t${id}\taccount.registered\t${upline(i) ? 'with upline' : '\\N'}\t${createdAt(i).toISOString()}\n`;
              yield `${operatorId}\t${id}\tkyc.reviewed\tGREEN\t${at(i, 29)}\n`;
              yield `\\N\t${id}\tkyc.status_changed\tNot Verified -> Verified (applicantReviewed)\t${at(i, 30)}\n`;
            }
          }.bind(this),
        ],
      ];
      await Promise.all(
        copies.map(async ([target, source]) => {
          const client = await this.connect();
          try {
            await this.copy(client, target, source);
          } finally {
            await client.end();
          }
        }),
      );
    });
    this.counts.customers = sizes.customers;
  }

  private async copy(client: pg.Client, target: string, source: () => Generator<string>): Promise<void> {
    const lines = source();
    // Chunks of lines, so that the stream does not make one call per row.
    const chunks = Readable.from(
      (function* () {
        let chunk: string[] = [];
        for (const line of lines) {
          chunk.push(line);
          if (chunk.length >= COPY_ROWS_PER_CHUNK) {
            yield chunk.join('');
            chunk = [];
          }
        }
        if (chunk.length) yield chunk.join('');
      })(),
    );
    await pipeline(chunks, client.query(copyFrom(`COPY ${target} FROM STDIN`)));
  }

  /**
   * Runs `batches` on `connections` connections at once; each batch is one call of
   * money_execute_batch (and, before it, the INSERT of its quotes). Every answer must be a 200:
   * the seed stops at the first refusal, printing it.
   */
  private async run(
    label: string,
    total: number,
    batches: Iterable<Batch>,
    onAnswers?: (batch: Batch, answers: Answer[]) => void,
  ) {
    await this.timed(label, async () => {
      const iterator = batches[Symbol.iterator]();
      const exclusive = new Map<string, Promise<void>>();
      let done = 0;
      let lastPrint = performance.now();
      const t0 = performance.now();
      const lane = async () => {
        const client = await this.connect();
        try {
          for (;;) {
            const next = iterator.next();
            if (next.done) return;
            const batch = next.value;
            let release: (() => void) | undefined;
            if (batch.exclusive) {
              // Wait for the batch holding the key, then hold it.
              for (;;) {
                const held = exclusive.get(batch.exclusive);
                if (!held) break;
                await held;
              }
              exclusive.set(batch.exclusive, new Promise<void>((resolve) => (release = resolve)));
            }
            try {
              const answers = await this.execute(client, batch);
              onAnswers?.(batch, answers);
            } finally {
              if (batch.exclusive) {
                exclusive.delete(batch.exclusive);
                release!();
              }
            }
            done += batch.ops.length;
            if (performance.now() - lastPrint > 10_000) {
              lastPrint = performance.now();
              const rate = done / ((lastPrint - t0) / 1000);
              this.log(
                `seed:   ${label}: ${done}/${total} operations, ${rate.toFixed(0)}/s, about ${((total - done) / rate).toFixed(0)} s left`,
              );
            }
          }
        } finally {
          await client.end();
        }
      };
      await Promise.all(Array.from({ length: this.connections }, lane));
      if (done !== total) throw new Error(`${label}: ran ${done} operations, planned ${total}`);
    });
  }

  private async execute(client: pg.Client, batch: Batch): Promise<Answer[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.resolvePlans(client, batch);
        if (batch.quotes)
          await client.query(
            `INSERT INTO ${batch.quotes.table} SELECT * FROM jsonb_populate_recordset(NULL::${batch.quotes.table}, $1::jsonb)`,
            [JSON.stringify(batch.quotes.rows)],
          );
        const { rows } = await client.query<{ answers: Answer[] }>('SELECT money_execute_batch($1::jsonb) AS answers', [
          JSON.stringify(batch.ops),
        ]);
        const answers = rows[0]!.answers;
        const refused = answers.findIndex((a) => a.status !== 200);
        if (refused >= 0)
          throw new Error(
            `the money engine refused a seeded ${String(batch.ops[refused]!.kind)}: ${JSON.stringify(answers[refused])} (operation ${JSON.stringify(batch.ops[refused])})`,
          );
        return answers;
      } catch (error) {
        // A deadlock or serialization failure rolled the call back whole: run it again, as the engine does.
        const code = (error as { code?: string }).code;
        if ((code !== '40P01' && code !== '40001') || attempt >= 4) throw error;
        if (batch.quotes) batch.quotes.rows.forEach((row) => (row.id = randomUUID()));
        this.rebindQuotes(batch);
      }
    }
  }

  /** After a retry gave the quotes new ids, the operations point at them again. */
  private rebindQuotes(batch: Batch): void {
    if (!batch.quotes) return;
    batch.ops.forEach((op, i) => {
      if ('quoteId' in op) op.quoteId = batch.quotes!.rows[i]!.id;
    });
  }

  private code(type: TransactionType): string {
    return this.rules.newTransactionCode(type);
  }

  /** Batches of up to OPS_PER_BATCH operations over the customers [from, to), `make` giving each one's operations. */
  private *batchesOver(
    from: number,
    to: number,
    make: (i: number) => { op: Record<string, unknown>; quote?: Record<string, unknown> }[],
    options: { table?: NonNullable<Batch['quotes']>['table']; exclusive?: (i: number) => string | undefined } = {},
  ): Generator<Batch> {
    let batch: Batch | undefined;
    let key: string | undefined;
    const flush = function* () {
      if (batch && batch.ops.length) yield batch;
      batch = undefined;
    };
    for (let i = from; i < to; i++) {
      const exclusive = options.exclusive?.(i);
      if (batch && (batch.ops.length >= OPS_PER_BATCH || exclusive !== key)) yield* flush();
      key = exclusive;
      for (const { op, quote } of make(i)) {
        if (batch && batch.ops.length >= OPS_PER_BATCH) yield* flush();
        batch ??= {
          ops: [],
          ...(options.table ? { quotes: { table: options.table, rows: [] } } : {}),
          ...(exclusive ? { exclusive } : {}),
        };
        batch.ops.push(op);
        if (quote) batch.quotes!.rows.push(quote);
      }
    }
    yield* flush();
  }

  /** The money operations, phase by phase (each phase needs the one before it: swaps, then sells of what they bought). */
  async money(gesGroup: { id: string; documentId: string; startDate: string }, gesInstalment: bigint): Promise<void> {
    const { id: gesGroupId, documentId: gesDocumentId } = gesGroup;
    const l = this.layout;
    const { sizes } = l;
    const now = () => new Date();
    const quoteTimes = () => {
      const at = now();
      return { now: at.toISOString(), expiresAt: new Date(at.getTime() + QUOTE_TTL_MS).toISOString() };
    };
    const treeKey = (i: number) => (inTree(l, i) ? 'referral tree' : undefined);
    const N = sizes.customers;
    const codeOf = (type: TransactionType) => this.code(type);

    // 1. Deposits: each customer's test USDT arrives as three chain transfers credited by the
    //    deposit watcher's operation (the trader's in many smaller ones).
    const depositsOf = (i: number) => (i === 0 ? l.trader.deposits : i === 1 ? 1 : DEPOSITS_PER_CUSTOMER);
    let depositTotal = 0;
    for (let i = 0; i < N; i++) depositTotal += depositsOf(i);
    let block = 1_000;
    await this.run(
      `deposits: ${depositTotal}`,
      depositTotal,
      this.batchesOver(0, N, (i) => {
        const count = depositsOf(i);
        const each = usdtNeeded(l, i, gesInstalment) / BigInt(count) + 1n;
        return Array.from({ length: count }, () => ({
          op: {
            kind: 'deposit',
            userId: this.id(i),
            txHash: `0x${hex(32)}`,
            logIndex: 0,
            amount: each.toString(),
            blockNumber: String(block++),
            code: this.code('DEPOSIT'),
          },
        }));
      }),
    );
    this.counts.deposits = depositTotal;

    // 2. Swaps USDT -> QMGT (purchases: the buyer's uplines get their rewards in the same call).
    const swapCount = (i: number) => (i === 0 ? l.trader.swaps : i < 3 ? 0 : swapsOf(l, i));
    let swapTotal = 0;
    for (let i = 0; i < N; i++) swapTotal += swapCount(i);
    const swap = this.rules.quoteSwap({ from: 'USDT', to: 'QMGT' }, SWAP_USDT, this.spot);
    await this.run(
      `swaps USDT -> QMGT: ${swapTotal}`,
      swapTotal,
      this.batchesOver(
        0,
        N,
        (i) =>
          Array.from({ length: swapCount(i) }, () => {
            const t = quoteTimes();
            const quoteId = randomUUID();
            return {
              quote: {
                id: quoteId,
                user_id: this.id(i),
                asset_in: 'USDT',
                asset_out: 'QMGT',
                amount_in: swap.amountIn.toString(),
                amount_out: swap.amountOut.toString(),
                fee: swap.fee.toString(),
                price: swap.price.toString(),
                expires_at: t.expiresAt,
                created_at: t.now,
              },
              op: {
                kind: 'swap',
                userId: this.id(i),
                quoteId,
                code: this.code('QMGT'),
                now: t.now,
                ...idempotency('/api/swap'),
              },
            };
          }),
        { table: 'swap_quotes', exclusive: treeKey },
      ),
    );
    this.counts.swaps = swapTotal;

    // 3. Sells of part of what was bought, at the sell price (POST /sell-token without a quote).
    const sellCount = (i: number) => (i === 0 ? l.trader.sells : i < 3 ? 0 : sellsOf(l, i));
    let sellTotal = 0;
    for (let i = 0; i < N; i++) sellTotal += sellCount(i);
    const sell = this.rules.quoteSwap({ from: 'QMGT', to: 'USDT' }, SELL_QMGT, this.spot);
    await this.run(
      `sells QMGT -> USDT: ${sellTotal}`,
      sellTotal,
      this.batchesOver(0, N, (i) =>
        Array.from({ length: sellCount(i) }, () => ({
          op: {
            kind: 'sell',
            userId: this.id(i),
            amountIn: sell.amountIn.toString(),
            amountOut: sell.amountOut.toString(),
            fee: sell.fee.toString(),
            price: sell.price.toString(),
            minAmountOut: sell.amountOut.toString(),
            code: this.code('QMGT'),
            now: now().toISOString(),
            ...idempotency('/api/sell-token'),
          },
        })),
      ),
    );
    this.counts.sells = sellTotal;

    // 4. GAE purchases: the first opens the plan. The saver's 3,000 first, in order.
    const gae = this.rules.quoteGae(GAE_USDT, this.spot);
    const gaeTotal = sizes.saverMovements + (sizes.gaePlans - 1) * l.gaePerPlan + l.gaeExtra;
    const gaeQuote = (i: number) => {
      const t = quoteTimes();
      const quoteId = randomUUID();
      return {
        quote: {
          id: quoteId,
          user_id: this.id(i),
          kind: 'GAE',
          asset_in: 'USDT',
          amount_in: gae.amountUsdt.toString(),
          asset_out: 'GOLD',
          amount_out: gae.grams.toString(),
          fee: gae.fee.toString(),
          fee_asset: 'USDT',
          price: gae.price.toString(),
          spot: this.spot.toString(),
          expires_at: t.expiresAt,
          created_at: t.now,
        },
        op: {
          kind: 'gae_purchase',
          userId: this.id(i),
          quoteId,
          code: this.code('GAE'),
          now: t.now,
          ...idempotency('/api/gae/purchase'),
        },
      };
    };
    await this.run(
      `GAE purchases: ${gaeTotal} over ${sizes.gaePlans} plans (the saver's ${sizes.saverMovements})`,
      gaeTotal,
      function* (this: Seeder) {
        // The saver's purchases one batch at a time: one plan row.
        yield* this.batchesOver(2, 3, (i) => Array.from({ length: gaeOf(l, i) }, () => gaeQuote(i)), {
          table: 'gold_quotes',
          exclusive: () => 'saver',
        });
        yield* this.batchesOver(l.planStart, N, (i) => Array.from({ length: gaeOf(l, i) }, () => gaeQuote(i)), {
          table: 'gold_quotes',
        });
      }.call(this),
    );
    this.counts.gaePurchases = gaeTotal;

    // 5. GES: the members join the one big group, each paying the first instalment.
    const instalment = this.rules.instalmentFigures(gesInstalment, this.spot);
    const gesJoin = (i: number) => {
      const t = quoteTimes();
      const quoteId = randomUUID();
      return {
        quote: {
          id: quoteId,
          user_id: this.id(i),
          group_id: gesGroupId,
          amount_usdt: instalment.amountUsdt.toString(),
          grams: instalment.grams.toString(),
          fee: instalment.fee.toString(),
          price: instalment.price.toString(),
          spot: this.spot.toString(),
          expires_at: t.expiresAt,
          created_at: t.now,
        },
        op: {
          kind: 'ges_join',
          userId: this.id(i),
          groupId: gesGroupId,
          documentId: gesDocumentId,
          quoteId,
          startDate: gesGroup.startDate,
          nextDueOn: this.rules.dueOn(gesGroup.startDate, 2),
          ip: '127.0.0.1',
          code: this.code('GES'),
          now: t.now,
          ...idempotency('/api/ges/groups/:id/join'),
        },
      };
    };
    await this.run(
      `GES joins: ${sizes.gesMembers}`,
      sizes.gesMembers,
      function* (this: Seeder) {
        yield* this.batchesOver(2, 3, (i) => [gesJoin(i)], { table: 'ges_quotes', exclusive: () => 'ges group' });
        yield* this.batchesOver(l.gesStart, l.gesStart + sizes.gesMembers - 1, (i) => [gesJoin(i)], {
          table: 'ges_quotes',
          exclusive: () => 'ges group',
        });
      }.call(this),
    );
    this.counts.gesMembers = sizes.gesMembers;

    // 6. Spend To Save: a checkout opened (payment_open), then paid (payment_credit, as the
    //    gateway's webhook credits it). The trader's, then the payers'.
    const payment = this.rules.spendToSave(PAYMENT_CENTS, this.spot);
    const payers: number[] = [];
    for (let i = 0; i < N; i++) for (let k = 0; k < paymentsOf(l, i); k++) payers.push(i);
    const opened: { userId: string; paymentId: string }[] = [];
    await this.run(
      `Spend To Save checkouts: ${payers.length}`,
      payers.length,
      this.batchesOver(
        0,
        N,
        (i) =>
          Array.from({ length: paymentsOf(l, i) }, () => {
            const t = quoteTimes();
            const quoteId = randomUUID();
            return {
              quote: {
                id: quoteId,
                user_id: this.id(i),
                kind: 'SPEND',
                amount_in: PAYMENT_CENTS.toString(),
                fee: payment.fee.toString(),
                grams: payment.grams.toString(),
                price: payment.price.toString(),
                expires_at: t.expiresAt,
                created_at: t.now,
              },
              op: {
                kind: 'payment_open',
                userId: this.id(i),
                quoteId,
                amountCents: PAYMENT_CENTS.toString(),
                code: this.code('PAYMENT'),
                gateway: 'sandbox',
                expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
                now: t.now,
                ...idempotency('/api/payments/checkout'),
              },
            };
          }),
        { table: 'save_quotes' },
      ),
      (batch, answers) =>
        answers.forEach((a, k) =>
          opened.push({ userId: String(batch.ops[k]!.userId), paymentId: String(a.paymentId) }),
        ),
    );
    await this.run(
      `Spend To Save payments credited: ${opened.length}`,
      opened.length,
      (function* () {
        for (let k = 0; k < opened.length; k += OPS_PER_BATCH)
          yield {
            ops: opened.slice(k, k + OPS_PER_BATCH).map((p) => ({
              kind: 'payment_credit',
              userId: p.userId,
              paymentId: p.paymentId,
              amountCents: PAYMENT_CENTS.toString(),
              currency: 'usd',
              now: now().toISOString(),
            })),
          };
      })(),
    );
    this.counts.payments = opened.length;

    // 7. Remittances: USDT to the next customer (two transactions each, sender's and recipient's).
    let remitTotal = 0;
    for (let i = 0; i < N; i++) remitTotal += remitsOf(l, i);
    await this.run(
      `remittances: ${remitTotal}`,
      remitTotal,
      this.batchesOver(0, N, (i) =>
        Array.from({ length: remitsOf(l, i) }, () => ({
          op: {
            kind: 'remit',
            userId: this.id(i),
            recipientId: this.id(i === 0 ? 3 : i + 1),
            amount: REMIT_USDT.toString(),
            roundUp: '0',
            code: this.code('REMIT'),
            recipientCode: this.code('REMIT'),
            now: now().toISOString(),
            ...idempotency('/api/remit'),
          },
        })),
      ),
    );
    this.counts.remittances = remitTotal;

    // 8. Open operator queues: GAE terminations, USDAU requests, reward payout requests.
    const terminations = Math.min(sizes.queueItems, sizes.gaePlans - 1);
    const openedAt = now();
    await this.run(
      `GAE termination requests: ${terminations}`,
      terminations,
      this.batchesOver(l.planStart, l.planStart + terminations, (i) => {
        const grams = gae.grams * BigInt(gaeOf(l, i));
        const f = this.rules.terminationSummary({ grams, spot: this.spot, openedAt, now: now(), currency: 'USDT' });
        return [
          {
            op: {
              kind: 'gae_terminate',
              userId: this.id(i),
              planId: null,
              code: this.code('TERMINATION'),
              currency: 'USDT',
              minRefund: f.refund.toString(),
              grams: f.grams.toString(),
              spot: f.spot.toString(),
              price: f.price.toString(),
              gross: f.gross.toString(),
              earlyExit: f.earlyExit,
              earlyExitFee: f.earlyExitFee.toString(),
              refund: f.refund.toString(),
              now: now().toISOString(),
              ...idempotency('/api/request-terminate-gae-form/:id'),
            },
          },
        ];
      }),
    );
    this.counts.terminations = terminations;

    const usdauRequests = Math.min(sizes.queueItems, sizes.payments);
    const usdau = this.rules.usdauPayout(USDAU_GRAMS, this.spot);
    await this.run(
      `USDAU requests: ${usdauRequests}`,
      usdauRequests,
      this.batchesOver(l.payStart, l.payStart + usdauRequests, (i) => [
        {
          op: {
            kind: 'usdau_request',
            userId: this.id(i),
            grams: USDAU_GRAMS.toString(),
            address: `0x${hex(20)}`,
            price: usdau.price.toString(),
            usdauAmount: usdau.usdauAmount.toString(),
            code: this.code('USDAU'),
            now: now().toISOString(),
            ...idempotency('/api/request-external-usdau'),
          },
        },
      ]),
    );
    this.counts.usdauRequests = usdauRequests;

    // Reward payout requests of the uplines with the most vested rewards (the referrer first):
    // half of what each holds, as POST /token-reward asks.
    const client = await this.connect();
    let vested: { beneficiary_id: string; total: string }[];
    try {
      vested = (
        await client.query<{ beneficiary_id: string; total: string }>(
          `SELECT beneficiary_id, sum(amount)::text AS total FROM referral_rewards
            WHERE status = 'vesting' AND vests_at <= now()
            GROUP BY beneficiary_id ORDER BY sum(amount) DESC LIMIT $1`,
          [sizes.queueItems],
        )
      ).rows;
    } finally {
      await client.end();
    }
    await this.run(
      `reward payout requests: ${vested.length}`,
      vested.length,
      (function* () {
        for (let k = 0; k < vested.length; k += OPS_PER_BATCH)
          yield {
            ops: vested.slice(k, k + OPS_PER_BATCH).map((v) => ({
              kind: 'reward_payout_request',
              userId: v.beneficiary_id,
              amount: (BigInt(v.total) / 2n).toString(),
              code: codeOf('REWARD'),
              now: now().toISOString(),
              ...idempotency('/api/token-reward'),
            })),
          };
      })(),
    );
    this.counts.rewardRequests = vested.length;
  }

  /**
   * The messages the seeded rows owe went out long ago in the history they stand for: marked
   * so. Otherwise the measured server's first passes would mail every seeded customer.
   */
  async markMailed(): Promise<void> {
    await this.timed('owed mails marked as sent (history)', async () => {
      const client = await this.connect();
      try {
        // Builds differ in where a debt is kept: one outbox table, or a column on each table.
        const marks: [table: string, column: string, statement: string][] = [
          ['outbox_messages', 'sent_at', `UPDATE outbox_messages SET sent_at = created_at WHERE sent_at IS NULL`],
          ['ges_mails', 'mailed_at', `UPDATE ges_mails SET mailed_at = created_at WHERE mailed_at IS NULL`],
          ['remittances', 'mailed_at', `UPDATE remittances SET mailed_at = created_at WHERE mailed_at IS NULL`],
          ...['payments', 'gae_terminations', 'usdau_requests', 'reward_requests'].map(
            (table): [string, string, string] => [
              table,
              'mailed_status',
              `UPDATE ${table} SET mailed_status = status WHERE mailed_status IS DISTINCT FROM status`,
            ],
          ),
        ];
        for (const [table, column, statement] of marks) {
          if (!(await hasColumn(client, table, column))) continue;
          const { rowCount } = await client.query(statement);
          this.log(`seed:   ${table}.${column}: ${rowCount} marked`);
        }
      } finally {
        await client.end();
      }
    });
  }

  /** Support tickets (plain rows, as the contact form writes them) with a customer message and, for most, a reply. */
  async supportTickets(operatorId: string): Promise<void> {
    const { sizes } = this.layout;
    const ids = Array.from({ length: sizes.supportTickets }, () => randomUUID());
    // The trader has 20 tickets, the rest belong to customers in turn.
    const owner = (k: number) => (k < 20 ? 0 : 3 + (k % (sizes.customers - 3)));
    const at = (k: number, minutes: number) =>
      new Date(Date.now() - (sizes.supportTickets - k) * 600_000 + minutes * 60_000).toISOString();
    const status = (k: number) => (k % 10 < 6 ? 'closed' : k % 10 < 8 ? 'answered' : 'open');
    await this.timed(`support: ${sizes.supportTickets} tickets with their messages (COPY)`, async () => {
      const client = await this.connect();
      try {
        // Older builds mark a closed ticket's mail and each message's mail on the rows themselves.
        const closeMailed = await hasColumn(client, 'support_tickets', 'close_mailed_at');
        const messageMailed = await hasColumn(client, 'support_messages', 'mailed_at');
        await this.copy(
          client,
          `support_tickets (id, code, user_id, name, email, subject, status, created_at, updated_at${closeMailed ? ', close_mailed_at' : ''})`,
          function* (this: Seeder) {
            for (let k = 0; k < sizes.supportTickets; k++) {
              const i = owner(k);
              const closed = status(k) === 'closed';
              const mailed = closeMailed ? `\t${closed ? at(k, 60) : '\\N'}` : '';
              yield `${ids[k]}\tST-${hex(5).toUpperCase()}${k}\t${this.id(i)}\tscale${i}\tscale${i}@example.com\tQuestion ${k} about my account\t${status(k)}\t${at(k, 0)}\t${at(k, closed ? 60 : 30)}${mailed}\n`;
            }
          }.bind(this),
        );
        await this.copy(
          client,
          `support_messages (ticket_id, author, author_id, body, created_at${messageMailed ? ', mailed_at' : ''})`,
          function* (this: Seeder) {
            for (let k = 0; k < sizes.supportTickets; k++) {
              const i = owner(k);
              yield `${ids[k]}\tcustomer\t${this.id(i)}\tHello, I have a question about transaction ${k}.\t${at(k, 0)}${messageMailed ? `\t${at(k, 1)}` : ''}\n`;
              if (status(k) !== 'open')
                yield `${ids[k]}\tsupport\t${operatorId}\tThank you, this is answered in your history.\t${at(k, 30)}${messageMailed ? `\t${at(k, 31)}` : ''}\n`;
            }
          }.bind(this),
        );
      } finally {
        await client.end();
      }
    });
    this.counts.supportTickets = sizes.supportTickets;
  }

  /** Fills in what an operation needs from the database before it runs (a plan's id). */
  private async resolvePlans(client: pg.Client, batch: Batch): Promise<void> {
    const missing = batch.ops.filter((op) => op.kind === 'gae_terminate' && op.planId === null);
    if (!missing.length) return;
    const { rows } = await client.query<{ user_id: string; id: string }>(
      `SELECT user_id, id FROM gae_plans WHERE status = 'active' AND user_id = ANY ($1::uuid[])`,
      [missing.map((op) => op.userId)],
    );
    const plans = new Map(rows.map((r) => [r.user_id, r.id]));
    for (const op of missing) op.planId = plans.get(String(op.userId));
  }
}

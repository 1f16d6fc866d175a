import { randomBytes, randomUUID } from 'node:crypto';
import type { Asset } from '@qmgt/contracts';
import type { Database } from '../db/client.js';
import { createUser } from '../modules/users/users.service.js';
import { quoteGae } from '../modules/gae/gae.rules.js';
import { quoteSwap } from '../modules/market/market.rules.js';

/*
 * The SQL rules' test kit: customers made by the product's own createUser, money moved only
 * by calling the SQL operations directly (money_execute_batch, one operation a call, as the
 * engine sends them), and every figure read back from the ledger as a bigint of smallest units.
 */

export type Answer = Record<string, unknown> & { status: number };

/** `database`: the database, or how to reach it once a `beforeAll` opened it. */
export function sqlKit(database: Database | (() => Database)) {
  const db = typeof database === 'function' ? database : () => database;
  const rows = async (text: string, values?: unknown[]) => (await db().executeSql(text, values)).rows;
  const one = async (text: string, values?: unknown[]) => {
    const [row] = await rows(text, values);
    if (!row) throw new Error(`no row: ${text}`);
    return row;
  };

  /** One operation through the kernel, exactly as the API's engine sends it (a batch of one). */
  async function execute(op: Record<string, unknown>): Promise<Answer> {
    const row = await one(`SELECT money_execute_batch($1::jsonb) AS answers`, [JSON.stringify([op])]);
    const answers = (typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers) as Answer[];
    return answers[0]!;
  }

  /** A customer, created by the users service; `uplineId` makes them someone's downline. */
  async function customer(uplineId?: string): Promise<string> {
    const suffix = randomBytes(6).toString('hex');
    const user = await createUser(db().db, {
      username: `sqlrules${suffix}`,
      email: `sqlrules-${suffix}@example.test`,
      passwordHash: 'not-a-hash',
      uplineId,
      confirmed: true,
    });
    await rows(`UPDATE users SET kyc_status = 'Verified' WHERE id = $1`, [user.id]);
    return user.id;
  }

  const code = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex').toUpperCase()}`;

  /** A final USDT deposit (the `deposit` operation), credited to the customer's available USDT. */
  async function deposit(userId: string, amount: bigint): Promise<void> {
    const answer = await execute({
      kind: 'deposit',
      userId,
      txHash: `0x${randomBytes(32).toString('hex')}`,
      logIndex: 0,
      amount: amount.toString(),
      blockNumber: '1',
      code: code('DP'),
    });
    if (answer.status !== 200) throw new Error(`deposit refused: ${JSON.stringify(answer)}`);
  }

  /**
   * An account's balance in smallest units, summed from its postings: customer and platform
   * accounts alike (platform balances are derived, not stored). `owner` null: a platform account.
   */
  async function balance(owner: string | null, asset: Asset, purpose: string): Promise<bigint> {
    const row = await one(
      `SELECT coalesce(sum(p.amount), 0)::text AS amount
         FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.owner_user_id IS NOT DISTINCT FROM $1::uuid AND a.asset = $2::asset AND a.purpose::text = $3`,
      [owner, asset, purpose],
    );
    return BigInt(String(row.amount));
  }

  /** A business transaction as stored, its amounts as bigints. */
  async function transaction(id: string) {
    const row = await one(
      `SELECT type, status, operation_kind, asset_in::text, amount_in::text, asset_out::text, amount_out::text,
              price::text, fee::text, fee_asset::text, failure_reason
         FROM transactions WHERE id = $1`,
      [id],
    );
    const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(String(v)));
    return {
      type: String(row.type),
      status: String(row.status),
      operationKind: row.operation_kind as string | null,
      assetIn: row.asset_in as string | null,
      amountIn: big(row.amount_in),
      assetOut: row.asset_out as string | null,
      amountOut: big(row.amount_out),
      price: big(row.price),
      fee: big(row.fee),
      feeAsset: row.fee_asset as string | null,
      failureReason: row.failure_reason as string | null,
    };
  }

  /** A GAE, GAEX or CONVERT quote row, as the GAE service writes it (expiring an hour after `now`). */
  async function goldQuote(
    userId: string,
    quote: {
      kind: 'GAE' | 'GAEX' | 'CONVERT';
      assetIn: Asset;
      amountIn: bigint;
      assetOut: Asset;
      amountOut: bigint;
      fee: bigint;
      feeAsset: Asset;
      price?: bigint | null;
      spot?: bigint | null;
    },
    now: Date,
  ): Promise<string> {
    const row = await one(
      `INSERT INTO gold_quotes (user_id, kind, asset_in, amount_in, asset_out, amount_out, fee, fee_asset, price, spot, expires_at)
       VALUES ($1, $2, $3::asset, $4::numeric, $5::asset, $6::numeric, $7::numeric, $8::asset, $9::numeric, $10::numeric, $11)
       RETURNING id::text`,
      [
        userId,
        quote.kind,
        quote.assetIn,
        quote.amountIn.toString(),
        quote.assetOut,
        quote.amountOut.toString(),
        quote.fee.toString(),
        quote.feeAsset,
        quote.price?.toString() ?? null,
        quote.spot?.toString() ?? null,
        new Date(now.getTime() + 3_600_000).toISOString(),
      ],
    );
    return String(row.id);
  }

  /** A GAE purchase at TypeScript's quote (quoteGae) for `amountUsdt` at `spot`, executed by `gae_purchase`. */
  async function buyGae(userId: string, amountUsdt: bigint, spot: bigint, now: Date, kind: 'GAE' | 'GAEX' = 'GAE') {
    const q = quoteGae(amountUsdt, spot);
    const quoteId = await goldQuote(
      userId,
      {
        kind,
        assetIn: 'USDT',
        amountIn: q.amountUsdt,
        assetOut: 'GOLD',
        amountOut: q.grams,
        fee: q.fee,
        feeAsset: 'USDT',
        price: q.price,
        spot,
      },
      now,
    );
    const answer = await execute({ kind: 'gae_purchase', userId, quoteId, code: code(kind), now: now.toISOString() });
    return { answer, quote: q };
  }

  /** A QMGT buy at TypeScript's quote (quoteSwap) for `amountUsdt` at `spot`, executed by `swap`. */
  async function buyQmgt(userId: string, amountUsdt: bigint, spot: bigint, now: Date) {
    const q = quoteSwap({ from: 'USDT', to: 'QMGT' }, amountUsdt, spot);
    const row = await one(
      `INSERT INTO swap_quotes (user_id, asset_in, asset_out, amount_in, amount_out, fee, price, expires_at)
       VALUES ($1, 'USDT', 'QMGT', $2::numeric, $3::numeric, $4::numeric, $5::numeric, $6) RETURNING id::text`,
      [
        userId,
        q.amountIn.toString(),
        q.amountOut.toString(),
        q.fee.toString(),
        q.price.toString(),
        new Date(now.getTime() + 3_600_000).toISOString(),
      ],
    );
    const answer = await execute({ kind: 'swap', userId, quoteId: row.id, code: code('QMGT'), now: now.toISOString() });
    return { answer, quote: q };
  }

  return {
    rows,
    one,
    execute,
    customer,
    deposit,
    balance,
    transaction,
    goldQuote,
    buyGae,
    buyQmgt,
    code,
    newKey: randomUUID,
  };
}

export type SqlKit = ReturnType<typeof sqlKit>;

/** A transaction id out of an operation's answer. */
export function transactionId(answer: Answer): string {
  const tx = answer.transaction as { id?: string } | undefined;
  if (!tx?.id) throw new Error(`no transaction in ${JSON.stringify(answer)}`);
  return tx.id;
}

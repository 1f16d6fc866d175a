import {
  fromUnits,
  QUOTE_TTL_MS,
  toUnits,
  TRANSACTION_TYPES,
  type BalancesResponse,
  type GaePlanResponse,
  type GoldPriceResponse,
  type SwapQuote,
  type Transaction,
  type User,
} from '@qmgt/contracts';
import { http, HttpResponse } from 'msw';
import { apiErrorBody } from './factories';

type ExplorerTx = {
  hash: string;
  status: 'pending' | 'success' | 'reverted';
  blockNumber: string | null;
  timestamp: string | null;
  confirmations: string;
  from: string;
  to: string | null;
  transfers: { token: string | null; from: string; to: string; amount: string }[];
};

type StoredQuote = SwapQuote & { usedAt: number | null };

/**
 * The fake wallet API: balances (GET /get-qmgt-balance, and GET /balances by purpose with the
 * grams), gold price, quotes, swaps, sells, history, the sandbox faucet and the explorer,
 * stateful like the real one (DESIGN.md sections 2 and 4). Swaps book at once and settle after
 * a few details polls; tests arrange it through `fakeWallet`.
 */
export type FakeWallet = {
  balance: { usdt: string; qmgt: string };
  /** The grams GET /balances gives: GSA (available), GAE plan, group savings (ges), locked. */
  grams: BalancesResponse['GOLD'];
  /** The GAE plan GET /gae/plan gives (none until a first purchase opens it). */
  gaePlan: GaePlanResponse['plan'];
  gold: GoldPriceResponse;
  /** Newest first, as the API lists them. */
  transactions: Transaction[];
  quotes: Map<string, StoredQuote>;
  /** Details polls a pending transaction answers before it settles. */
  settleAfterPolls: number;
  /** What the chain makes of the next settlement. */
  settleAs: 'completed' | 'failed';
  /** Balance reads before a faucet deposit is credited. */
  creditAfterReads: number;
  pendingDeposits: { amount: string; txHash: string; readsLeft: number }[];
  /** First answers by Idempotency-Key. */
  idempotent: Map<string, Transaction>;
  explorer: Record<string, ExplorerTx>;
  /** The next POST /swap and /sell-token fail with this instead (status 0: the network drops). */
  nextMoveFailure: { status: number; message: string; name?: string } | null;
};

export const SPOT = '130';
export const BUY_PRICE = '132.6';
export const SELL_PRICE = '127.4';
/** What a GAE gram costs: spot x 1.03. */
export const GAE_PRICE = '133.9';

const fresh = (): FakeWallet => ({
  balance: { usdt: '0', qmgt: '0' },
  grams: { available: '0', locked: '0', plan: '0', ges: '0' },
  gaePlan: null,
  gold: {
    spot: SPOT,
    buy: BUY_PRICE,
    sell: SELL_PRICE,
    at: '2025-03-01T10:00:00.000Z',
    history: [
      { at: '2025-02-23T10:00:00.000Z', spot: '128.5' },
      { at: '2025-02-26T10:00:00.000Z', spot: '129.25' },
      { at: '2025-03-01T10:00:00.000Z', spot: SPOT },
    ],
  },
  transactions: [],
  quotes: new Map(),
  settleAfterPolls: 1,
  settleAs: 'completed',
  creditAfterReads: 2,
  pendingDeposits: [],
  idempotent: new Map(),
  explorer: {},
  nextMoveFailure: null,
});

export const fakeWallet: FakeWallet = fresh();

export function resetFakeWallet(): void {
  Object.assign(fakeWallet, fresh());
}

let sequence = 0;
const hex = (n: number, length: number) => n.toString(16).padStart(length, '0');
export const fakeHash = (n: number) => `0x${hex(n, 64)}`;

/** A transaction as the API answers it; override what a test cares about. */
export function buildTransaction(overrides: Partial<Transaction> = {}): Transaction {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${hex(sequence, 12)}`,
    code: `QM-TEST${String(sequence).padStart(5, '0')}`,
    type: 'QMGT',
    status: 'completed',
    assetIn: 'USDT',
    amountIn: '100',
    assetOut: 'QMGT',
    amountOut: '0.75',
    price: BUY_PRICE,
    fee: '0.0038',
    feeAsset: 'QMGT',
    txHash: fakeHash(sequence),
    explorerUrl: `/explorer/tx/${fakeHash(sequence)}`,
    failureReason: null,
    createdAt: new Date(Date.UTC(2025, 2, 1, 10, 0, sequence)).toISOString(),
    ...overrides,
  };
}

/** The real rules (DESIGN.md section 2): buy at the buy price, sell at the sell price, 0.5% fee from what arrives. */
export function quoteFigures(from: 'USDT' | 'QMGT', amount: string) {
  const scale = 10n ** 18n;
  const amountIn = toUnits(amount, from);
  const price = toUnits(from === 'USDT' ? BUY_PRICE : SELL_PRICE, 'USDT');
  const gross = from === 'USDT' ? (amountIn * scale) / price : (amountIn * price) / scale;
  const fee = (gross * 50n + 9_999n) / 10_000n;
  const to = from === 'USDT' ? 'QMGT' : 'USDT';
  return {
    from,
    to,
    price: fromUnits(price, 'USDT'),
    amountIn: fromUnits(amountIn, from),
    amountOut: fromUnits(gross - fee, to),
    fee: fromUnits(fee, to),
    feeAsset: to,
  } as const;
}

type Deps = { apiUrl: (path: string) => string; currentUser: () => User | null };

const error = (status: number, message: string, name = 'ValidationError', details: Record<string, unknown> = {}) =>
  HttpResponse.json(apiErrorBody(status, message, name, details), { status });

const key = (asset: 'USDT' | 'QMGT') => (asset === 'USDT' ? 'usdt' : 'qmgt');
const move = (asset: 'USDT' | 'QMGT', amount: string, sign: 1n | -1n) => {
  fakeWallet.balance[key(asset)] = fromUnits(
    toUnits(fakeWallet.balance[key(asset)], asset) + sign * toUnits(amount, asset),
    asset,
  );
};

function settle(transaction: Transaction): Transaction {
  if (fakeWallet.settleAs === 'failed') {
    // The ledger is restored, as the compensating entry does.
    if (transaction.assetIn === 'USDT' || transaction.assetIn === 'QMGT')
      move(transaction.assetIn, transaction.amountIn ?? '0', 1n);
    if (transaction.assetOut === 'USDT' || transaction.assetOut === 'QMGT')
      move(transaction.assetOut, transaction.amountOut ?? '0', -1n);
    return { ...transaction, status: 'failed', failureReason: 'The chain refused the mint.' };
  }
  sequence += 1;
  const hash = fakeHash(1000 + sequence);
  return { ...transaction, status: 'completed', txHash: hash, explorerUrl: `/explorer/tx/${hash}` };
}

export function createWalletHandlers({ apiUrl, currentUser }: Deps) {
  const pollsLeft = new Map<string, number>();

  const signedIn = (request: Request) => Boolean(request.headers.get('Authorization') && currentUser());
  const unauthorized = () => error(401, 'Your session has expired', 'UnauthorizedError');
  const verified = () => currentUser()?.kycVerified === 'Verified';
  const kycRefused = () =>
    error(403, 'Complete your identity verification (KYC) to use your wallet.', 'ForbiddenError');

  /** Books a swap or sell: the ledger moves at once, the chain settles it later. */
  function book(figures: ReturnType<typeof quoteFigures>): Transaction | Response {
    const available = toUnits(fakeWallet.balance[key(figures.from)], figures.from);
    if (toUnits(figures.amountIn, figures.from) > available) {
      return error(422, `Insufficient ${figures.from} balance.`, 'InsufficientFundsError');
    }
    move(figures.from, figures.amountIn, -1n);
    move(figures.to, figures.amountOut, 1n);
    const transaction = buildTransaction({
      status: 'pending',
      assetIn: figures.from,
      amountIn: figures.amountIn,
      assetOut: figures.to,
      amountOut: figures.amountOut,
      price: figures.price,
      fee: figures.fee,
      feeAsset: figures.feeAsset,
      txHash: null,
      explorerUrl: null,
      createdAt: new Date().toISOString(),
    });
    fakeWallet.transactions.unshift(transaction);
    pollsLeft.set(transaction.id, fakeWallet.settleAfterPolls);
    return transaction;
  }

  /** A money-moving call under its Idempotency-Key: the first answer again for a replay. */
  async function once(request: Request, run: () => Promise<Transaction | Response>) {
    if (!signedIn(request)) return unauthorized();
    if (!verified()) return kycRefused();
    const failure = fakeWallet.nextMoveFailure;
    if (failure) {
      fakeWallet.nextMoveFailure = null;
      if (failure.status === 0) return HttpResponse.error();
      return error(failure.status, failure.message, failure.name);
    }
    const idempotencyKey = request.headers.get('Idempotency-Key');
    const replay = idempotencyKey ? fakeWallet.idempotent.get(idempotencyKey) : undefined;
    if (replay)
      return HttpResponse.json({ transaction: fakeWallet.transactions.find((t) => t.id === replay.id) ?? replay });
    const answer = await run();
    if (answer instanceof Response) return answer;
    if (idempotencyKey) fakeWallet.idempotent.set(idempotencyKey, answer);
    return HttpResponse.json({ transaction: answer });
  }

  /** Why a quote cannot be executed (used, expired), as the API names it; undefined when it can. */
  function refusal(quote: StoredQuote | undefined): Response | undefined {
    if (!quote) return undefined;
    if (quote.usedAt !== null) return error(409, 'This quote has already been used.', 'QuoteUsedError');
    if (new Date(quote.expiresAt).getTime() <= Date.now())
      return error(422, 'This quote has expired. Please ask for a new one.', 'QuoteExpiredError');
    return undefined;
  }

  /** One details read: a pending transaction settles after `settleAfterPolls` reads. */
  function read(transaction: Transaction): Transaction {
    if (transaction.status !== 'pending') return transaction;
    const left = (pollsLeft.get(transaction.id) ?? fakeWallet.settleAfterPolls) - 1;
    pollsLeft.set(transaction.id, left);
    if (left > 0) return transaction;
    const settled = settle(transaction);
    fakeWallet.transactions = fakeWallet.transactions.map((t) => (t.id === settled.id ? settled : t));
    return settled;
  }

  return [
    http.get(apiUrl('/get-qmgt-balance'), ({ request }) => {
      if (!signedIn(request)) return unauthorized();
      for (const deposit of fakeWallet.pendingDeposits) {
        deposit.readsLeft -= 1;
        if (deposit.readsLeft <= 0) {
          move('USDT', deposit.amount, 1n);
          fakeWallet.transactions.unshift(
            buildTransaction({
              type: 'DEPOSIT',
              code: `DP-TEST${deposit.txHash.slice(-5)}`,
              assetIn: null,
              amountIn: null,
              assetOut: 'USDT',
              amountOut: deposit.amount,
              price: null,
              fee: null,
              feeAsset: null,
              txHash: deposit.txHash,
              explorerUrl: `/explorer/tx/${deposit.txHash}`,
            }),
          );
        }
      }
      fakeWallet.pendingDeposits = fakeWallet.pendingDeposits.filter((d) => d.readsLeft > 0);
      return HttpResponse.json(fakeWallet.balance);
    }),

    // Every asset by purpose, from the same ledger as /get-qmgt-balance: its USDT and QMGT agree.
    http.get(apiUrl('/balances'), ({ request }) => {
      if (!signedIn(request)) return unauthorized();
      const balances: BalancesResponse = {
        USDT: { available: fakeWallet.balance.usdt, locked: '0' },
        QMGT: { available: fakeWallet.balance.qmgt, locked: '0' },
        GOLD: fakeWallet.grams,
        rewards: { QMGT: '0' },
        spot: fakeWallet.gold.spot,
      };
      return HttpResponse.json(balances);
    }),

    http.get(apiUrl('/market/gold-price'), () => HttpResponse.json(fakeWallet.gold)),

    http.get(apiUrl('/gae/plan'), ({ request }) => {
      if (!signedIn(request)) return unauthorized();
      const plan: GaePlanResponse = {
        plan: fakeWallet.gaePlan,
        price: { spot: SPOT, gae: GAE_PRICE, sell: SELL_PRICE, at: fakeWallet.gold.at },
      };
      return HttpResponse.json(plan);
    }),

    // No auto-save has run in the fake wallet (features/gold tests give their own runs).
    http.get(apiUrl('/gae/auto-save/runs'), ({ request }) => {
      if (!signedIn(request)) return unauthorized();
      return HttpResponse.json({ data: [], nextCursor: null });
    }),

    http.post(apiUrl('/swap/quote'), async ({ request }) => {
      if (!signedIn(request)) return unauthorized();
      if (!verified()) return kycRefused();
      const body = (await request.json()) as { from: 'USDT' | 'QMGT'; to: string; amount: string };
      const amount = toUnits(body.amount, body.from);
      // As the API answers a pricing rule: 422 naming the field (apps/api swap.service.ts).
      if (body.from === 'USDT' && amount < toUnits('10', 'USDT'))
        return error(422, 'The smallest purchase is 10 USDT.', 'UnprocessableError', { field: 'amount' });
      if (body.from === 'QMGT' && amount < toUnits('0.01', 'QMGT'))
        return error(422, 'The smallest sale is 0.01 QMGT.', 'UnprocessableError', { field: 'amount' });
      const quote: StoredQuote = {
        quoteId: crypto.randomUUID(),
        ...quoteFigures(body.from, body.amount),
        expiresAt: new Date(Date.now() + QUOTE_TTL_MS).toISOString(),
        usedAt: null,
      };
      fakeWallet.quotes.set(quote.quoteId, quote);
      const { usedAt: _usedAt, ...wire } = quote;
      return HttpResponse.json(wire);
    }),

    http.post(apiUrl('/swap'), ({ request }) =>
      once(request, async () => {
        const { quoteId } = (await request.clone().json()) as { quoteId: string };
        const quote = fakeWallet.quotes.get(quoteId);
        const refused = refusal(quote);
        if (refused || !quote) return refused ?? error(404, 'Quote not found.', 'NotFoundError');
        const booked = book(quoteFigures(quote.from as 'USDT' | 'QMGT', quote.amountIn));
        if (!(booked instanceof Response)) quote.usedAt = Date.now();
        return booked;
      }),
    ),

    // The sale at the quote the customer was shown (or at least `minAmountOut` USDT).
    http.post(apiUrl('/sell-token'), ({ request }) =>
      once(request, async () => {
        const body = (await request.clone().json()) as { amount: string; quoteId?: string; minAmountOut?: string };
        if (toUnits(body.amount, 'QMGT') < toUnits('0.01', 'QMGT'))
          return error(400, 'The smallest sale is 0.01 QMGT.');
        if (body.quoteId === undefined && body.minAmountOut === undefined)
          return error(400, 'Give the quote you were shown (quoteId) or the least USDT you accept (minAmountOut)');
        const figures = quoteFigures('QMGT', body.amount);
        if (body.minAmountOut !== undefined && toUnits(figures.amountOut, 'USDT') < toUnits(body.minAmountOut, 'USDT'))
          return error(409, 'The price moved below the least you accept.', 'PriceMovedError');
        const quote = body.quoteId === undefined ? undefined : fakeWallet.quotes.get(body.quoteId);
        if (body.quoteId !== undefined) {
          const refused = refusal(quote);
          if (refused || !quote) return refused ?? error(404, 'Quote not found.', 'NotFoundError');
          if (quote.from !== 'QMGT' || toUnits(quote.amountIn, 'QMGT') !== toUnits(body.amount, 'QMGT'))
            return error(400, 'This quote is for another sale.');
        }
        const booked = book(figures);
        if (quote && !(booked instanceof Response)) quote.usedAt = Date.now();
        return booked;
      }),
    ),

    http.get(apiUrl('/transactions'), ({ request }) => {
      if (!signedIn(request)) return unauthorized();
      const params = new URL(request.url).searchParams;
      const type = params.get('type');
      const pageSize = Number(params.get('pageSize') ?? '20');
      const matching = type ? fakeWallet.transactions.filter((t) => t.type === type) : fakeWallet.transactions;
      // The real cursor is the last row's key: here, the id of the last row shown.
      const cursor = params.get('cursor');
      const from = cursor ? matching.findIndex((t) => t.id === cursor) + 1 : 0;
      const data = matching.slice(from, from + pageSize);
      const more = from + pageSize < matching.length;
      return HttpResponse.json({ data, nextCursor: more ? (data.at(-1)?.id ?? null) : null });
    }),

    http.get(apiUrl('/transaction-details/:id/:type'), ({ request, params }) => {
      if (!signedIn(request)) return unauthorized();
      const found = fakeWallet.transactions.find((t) => t.id === params.id && t.type === params.type);
      if (!found) return error(404, 'Transaction not found.', 'NotFoundError');
      return HttpResponse.json({ transaction: read(found) });
    }),

    http.get(apiUrl('/transactions/:type/:code'), ({ request, params }) => {
      if (!signedIn(request)) return unauthorized();
      if (!(TRANSACTION_TYPES as readonly string[]).includes(String(params.type)))
        return error(400, 'Unknown transaction type');
      const code = String(params.code).toUpperCase();
      const found = fakeWallet.transactions.find((t) => t.code === code && t.type === params.type);
      if (!found) return error(404, 'Transaction not found.', 'NotFoundError');
      return HttpResponse.json({ transaction: read(found) });
    }),

    http.get(apiUrl('/recent-activities-user'), ({ request }) =>
      signedIn(request) ? HttpResponse.json({ data: fakeWallet.transactions.slice(0, 10) }) : unauthorized(),
    ),

    http.post(apiUrl('/dev/faucet'), async ({ request }) => {
      if (!signedIn(request)) return unauthorized();
      const { amount } = (await request.json()) as { asset: string; amount: string };
      sequence += 1;
      const txHash = fakeHash(5000 + sequence);
      fakeWallet.pendingDeposits.push({ amount, txHash, readsLeft: fakeWallet.creditAfterReads });
      return HttpResponse.json({ txHash, explorerUrl: `/explorer/tx/${txHash}`, address: '0xdeposit' });
    }),

    http.get(apiUrl('/explorer/tx/:hash'), ({ params }) => {
      const tx = fakeWallet.explorer[String(params.hash)];
      return tx ? HttpResponse.json(tx) : error(404, 'The chain does not know this transaction.', 'NotFoundError');
    }),
  ];
}

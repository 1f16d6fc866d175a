import {
  fromUnits,
  type AdminRedemption,
  type Redemption,
  type RedemptionProduct,
  type RedemptionProductInput,
  type RedemptionQuote,
  type RedemptionQuoteRequest,
  type RedemptionRequestBody,
  type RedemptionShipBody,
  QUOTE_TTL_MS,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { LedgerService } from '../ledger/index.js';
import type { MarketService } from '../market/index.js';
import type { InputOf, MoneyEngine, MoneyOperationKind } from '../money/index.js';
import type { ReservesService } from '../reserves/index.js';
import { newTransactionCode } from '../transactions/index.js';
import { usersService } from '../users/index.js';
import * as repo from './redemptions.repository.js';
import type { ProductRow, RedemptionRow } from './redemptions.repository.js';
import { RedemptionRuleError, productFigures, quoteRedemption } from './redemptions.rules.js';

/**
 * A redemption's in-app notice, an outbox kind: owed by every status it takes, by a trigger
 * on its status (sql/outbox_owe_status_mail.sql), in the transaction of the step.
 */
export const REDEMPTION_NOTICE = 'redemptions.status';

export interface RedemptionsDeps {
  db: Db;
  money: MoneyEngine;
  market: Pick<MarketService, 'spot'>;
  ledger: Pick<LedgerService, 'balances'>;
  /** The proof of reserves records a new snapshot once the vault gave up metal. */
  reserves: Pick<ReservesService, 'snapshot'>;
  now?: () => Date;
}

function byRules<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof RedemptionRuleError) throw unprocessable(error.message, { field: error.field });
    throw error;
  }
}

const grams = (units: string | bigint) => fromUnits(BigInt(units), 'GOLD');
const usdt = (units: string | bigint) => fromUnits(BigInt(units), 'USDT');
const iso = (at: Date | null) => at?.toISOString() ?? null;

export function productWire(row: ProductRow): RedemptionProduct {
  return {
    id: row.id,
    name: row.name,
    fineGrams: grams(row.fineGrams),
    makingFeeUsdt: usdt(row.makingFee),
    deliveryFeeUsdt: usdt(row.deliveryFee),
    active: row.active,
  };
}

export function redemptionWire(row: RedemptionRow): Redemption {
  return {
    id: row.id,
    code: row.code,
    productId: row.productId,
    productName: row.productName,
    quantity: row.quantity,
    fineGrams: grams(row.fineGrams),
    feeGrams: grams(row.feeGrams),
    grams: grams(BigInt(row.fineGrams) + BigInt(row.feeGrams)),
    makingFeeUsdt: usdt(row.makingFee),
    deliveryFeeUsdt: usdt(row.deliveryFee),
    price: usdt(row.price),
    address: row.address,
    status: row.status,
    reason: row.status === 'rejected' ? row.reason : null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
  };
}

/** What the customer reads in the app as their redemption takes each status. */
export function redemptionNotice(row: RedemptionRow): { title: string; body: string; link: string } {
  const what = `${row.quantity} x ${row.productName}`;
  const total = grams(BigInt(row.fineGrams) + BigInt(row.feeGrams));
  const link = '/redemptions';
  switch (row.status) {
    case 'approved':
      return { title: `Redemption ${row.code} approved`, body: `Your ${what} is being prepared for shipping.`, link };
    case 'rejected':
      return {
        title: `Redemption ${row.code} not approved`,
        body: `Your ${total} g returned to your gold savings account.${row.reason ? ` Reason: ${row.reason}` : ''}`,
        link,
      };
    case 'shipped':
      return {
        title: `Redemption ${row.code} shipped`,
        body: `Your ${what} is on its way with ${row.carrier ?? 'the carrier'}, tracking number ${row.trackingNumber ?? ''}.`,
        link,
      };
    case 'delivered':
      return { title: `Redemption ${row.code} delivered`, body: `Your ${what} was delivered.`, link };
    case 'cancelled':
      return {
        title: `Redemption ${row.code} cancelled`,
        body: `You cancelled it: your ${total} g returned to your gold savings account.`,
        link,
      };
    default:
      return {
        title: `Redemption ${row.code} received`,
        body: `Your request for ${what} is with our operators; ${total} g are locked in your gold savings account.`,
        link,
      };
  }
}

/**
 * Physical redemption (DESIGN.md section 11, docs/decisions/022-physical-redemption.md): the
 * operator's catalogue; the customer's quote, request, list and cancel; the operator's
 * shipping and delivery (the decision is the declared review, redemptions.module.ts).
 */
export function createRedemptionsService(deps: RedemptionsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const execute = <K extends MoneyOperationKind>(
    op: { kind: K } & InputOf<K>,
    userId: string,
    claim?: IdempotencyClaim,
  ) => deps.money.run<K>(userId, op, { now: now(), claim });

  async function own(userId: string, id: string): Promise<RedemptionRow> {
    const row = await repo.byId(db, id);
    if (!row || row.userId !== userId) throw notFound('Redemption not found.');
    return row;
  }

  /** Rows with who asked, the customers of a page read in one query. */
  async function withCustomers(rows: RedemptionRow[]): Promise<AdminRedemption[]> {
    const customers = await usersService.byIds(
      db,
      rows.map((r) => r.userId),
    );
    return rows.map((row) => {
      const customer = customers.get(row.userId);
      return { ...redemptionWire(row), username: customer?.username ?? '', email: customer?.email ?? '' };
    });
  }

  function productValues(input: RedemptionProductInput) {
    const figures = byRules(() => productFigures(input));
    return {
      name: input.name,
      fineGrams: figures.fineGrams.toString(),
      makingFee: figures.makingFee.toString(),
      deliveryFee: figures.deliveryFee.toString(),
      active: input.active,
    };
  }

  const productDetail = (row: ProductRow) =>
    `${row.name}: ${grams(row.fineGrams)} g, making ${usdt(row.makingFee)} USDT, delivery ${usdt(row.deliveryFee)} USDT, ${
      row.active ? 'active' : 'inactive'
    }`;

  return {
    /** The queue's rows: a redemption as the customer sees it (no detail is read per row). */
    present: async (rows: RedemptionRow[]) => rows.map(redemptionWire),
    answer: async (row: RedemptionRow) => (await withCustomers([row]))[0]!,

    /** GET /redemptions/products: what a customer can order now. */
    async activeProducts(): Promise<RedemptionProduct[]> {
      return (await repo.products(db, true)).map(productWire);
    },
    /** GET /admin/redemption-products: the whole catalogue, inactive products too. */
    async allProducts(): Promise<RedemptionProduct[]> {
      return (await repo.products(db, false)).map(productWire);
    },
    async addProduct(operatorId: string, input: RedemptionProductInput, ip: string | null) {
      const row = await repo.insertProduct(db, productValues(input));
      await audit(db, { action: 'redemptions.product.add', actorId: operatorId, detail: productDetail(row), ip });
      return productWire(row);
    },
    async editProduct(operatorId: string, id: string, input: RedemptionProductInput, ip: string | null) {
      const before = await repo.productById(db, id);
      if (!before) throw notFound('Product not found.');
      const row = await repo.updateProduct(db, id, productValues(input));
      if (!row) throw notFound('Product not found.');
      await audit(db, {
        action: 'redemptions.product.edit',
        actorId: operatorId,
        detail: `${productDetail(before)} -> ${productDetail(row)}`,
        ip,
      });
      return productWire(row);
    },

    /**
     * POST /redemptions/quote: the fine grams and both fees in grams at spot, valid 30 s. 404 an
     * unknown product, 422 an inactive one or more grams than the gold savings account holds.
     */
    async quote(userId: string, request: RedemptionQuoteRequest): Promise<RedemptionQuote> {
      const product = await repo.productById(db, request.productId);
      if (!product) throw notFound('Product not found.');
      if (!product.active)
        throw unprocessable('This product is no longer offered. Choose another one.', { field: 'productId' });
      const { usdPerGram } = await deps.market.spot();
      const figures = byRules(() =>
        quoteRedemption(
          {
            fineGrams: BigInt(product.fineGrams),
            makingFee: BigInt(product.makingFee),
            deliveryFee: BigInt(product.deliveryFee),
          },
          request.quantity,
          usdPerGram,
        ),
      );
      const held = (await deps.ledger.balances(userId)).GOLD.available;
      if (figures.grams > held)
        throw new AppError(
          422,
          'InsufficientFundsError',
          `This redemption takes ${grams(figures.grams)} g and your gold savings account holds ${grams(held)} g.`,
          { asset: 'GOLD', field: 'quantity' },
        );
      const expiresAt = new Date(now().getTime() + QUOTE_TTL_MS);
      const quoteId = await repo.insertQuote(db, {
        userId,
        productId: product.id,
        quantity: figures.quantity,
        fineGrams: figures.fineGrams.toString(),
        feeGrams: figures.feeGrams.toString(),
        makingFee: figures.makingFee.toString(),
        deliveryFee: figures.deliveryFee.toString(),
        price: figures.price.toString(),
        expiresAt,
      });
      return {
        quoteId,
        product: productWire(product),
        quantity: figures.quantity,
        fineGrams: grams(figures.fineGrams),
        makingFeeUsdt: usdt(figures.makingFee),
        deliveryFeeUsdt: usdt(figures.deliveryFee),
        feeGrams: grams(figures.feeGrams),
        grams: grams(figures.grams),
        price: usdt(figures.price),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** POST /redemptions: the quote confirmed with the delivery address; its grams are locked. */
    async request(userId: string, body: RedemptionRequestBody, claim: IdempotencyClaim) {
      const answer = await execute(
        {
          kind: 'redemption_request',
          quoteId: body.quoteId,
          code: newTransactionCode('REDEMPTION'),
          address: body.address,
        },
        userId,
        claim,
      );
      const row = await repo.byId(db, answer.redemptionId);
      if (!row) throw new Error('redemption_request answered without its row');
      return { redemption: redemptionWire(row), replayed: answer.replayed === true };
    },

    /** GET /redemptions: the caller's redemptions, newest first. */
    async list(userId: string): Promise<Redemption[]> {
      return (await repo.ofUser(db, userId)).map(redemptionWire);
    },
    /** GET /redemptions/{id}: the caller's own only. */
    async one(userId: string, id: string): Promise<Redemption> {
      return redemptionWire(await own(userId, id));
    },

    /** POST /redemptions/{id}/cancel: before approval only; the grams return (404 another's, 409 decided). */
    async cancel(userId: string, id: string, claim: IdempotencyClaim) {
      const answer = await execute({ kind: 'redemption_cancel', redemptionId: id }, userId, claim);
      const row = (await repo.byId(db, answer.redemptionId))!;
      return { redemption: redemptionWire(row), replayed: answer.replayed === true };
    },

    /** GET /admin/redemptions/fulfilment: approved ones to ship, shipped ones to confirm delivered. */
    async fulfilment(): Promise<AdminRedemption[]> {
      return withCustomers(await repo.toFulfil(db));
    },

    /** POST /admin/redemptions/{id}/ship: an approved redemption leaves with a carrier (audited). */
    async ship(operatorId: string, id: string, body: RedemptionShipBody, ip: string | null): Promise<AdminRedemption> {
      const row = await repo.ship(db, id, { ...body, operatorId, at: now() });
      if (!row) {
        const current = await repo.byId(db, id);
        if (!current) throw notFound('Redemption not found.');
        throw conflict(`This redemption is ${current.status}: only an approved redemption can be shipped.`);
      }
      await audit(db, {
        action: 'redemptions.ship',
        actorId: operatorId,
        subjectId: row.userId,
        detail: `${row.code}: ${body.carrier} ${body.trackingNumber}`,
        ip,
      });
      return (await withCustomers([row]))[0]!;
    },

    /**
     * POST /admin/redemptions/{id}/deliver: the fine grams leave the customer's liabilities and
     * the vault in one money operation (redemption_deliver), audited; the proof of reserves
     * records the new figures.
     */
    async deliver(
      operatorId: string,
      id: string,
      barId: string | undefined,
      claim: IdempotencyClaim,
      ip: string | null,
    ): Promise<{ redemption: AdminRedemption; replayed: boolean }> {
      const row = await repo.byId(db, id);
      if (!row) throw notFound('Redemption not found.');
      const answer = await execute(
        { kind: 'redemption_deliver', redemptionId: id, operatorId, ...(barId ? { barId } : {}) },
        row.userId,
        claim,
      );
      const replayed = answer.replayed === true;
      const after = (await repo.byId(db, id))!;
      if (!replayed) {
        await audit(db, {
          action: 'redemptions.deliver',
          actorId: operatorId,
          subjectId: row.userId,
          detail: `${row.code}: ${grams(row.fineGrams)} g out of the vault (bar ${answer.barId})`,
          ip,
        });
        await deps.reserves.snapshot();
      }
      return { redemption: (await withCustomers([after]))[0]!, replayed };
    },
  };
}

export type RedemptionsService = ReturnType<typeof createRedemptionsService>;

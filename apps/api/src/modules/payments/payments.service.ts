import {
  CHECKOUT_TTL_MINUTES,
  QUOTE_TTL_MS,
  formatGrams,
  fromUnits,
  cutPage,
  type AdminPaymentsQuery,
  type AdminPaymentsResponse,
  type CheckoutRequest,
  type CheckoutResponse,
  type Payment,
  type PaymentQuote,
} from '@qmgt/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  GatewayUnavailable,
  InvalidSignature,
  type CheckoutEvent,
  type CheckoutSession,
  type PaymentGateway,
} from '../../adapters/payments/port.js';
import { AppError, ApplicationUnavailable, badRequest, notFound, unprocessable } from '../../lib/errors.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { MarketService } from '../market/index.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode } from '../transactions/index.js';
import { usersService } from '../users/index.js';
import * as repo from './payments.repository.js';
import type { PaymentRow } from './payments.repository.js';
import { SaveRuleError, spendToSave, usdCents } from './payments.rules.js';

/**
 * A credited payment's mail, an outbox kind: owed by a trigger on its status (sql/outbox_owe_status_mail.sql),
 * in the transaction of the credit.
 */
export const PAYMENT_MAIL = 'payments.credited';
export interface PaymentMail {
  id: string;
  status: string;
}

/** Pending payments the sweep looks at per pass (each pass runs a minute after the last). */
const SWEEP_BATCH = 100;

/** What one sweep pass did: payments looked at, and what became of them. */
export interface SweepSummary {
  checked: number;
  credited: number;
  expired: number;
  /** Still pending: an asynchronous payment not yet settled, or the gateway could not be asked. */
  waiting: number;
}

/** What a webhook did, for the gateway's log and the tests. */
export type WebhookOutcome =
  | 'credited'
  | 'duplicate'
  | 'mismatch'
  | 'awaiting_payment'
  | 'failed'
  | 'expired'
  | 'unknown_payment'
  | 'ignored'
  // A closing event that came after the payment was settled: it changed nothing.
  | 'already_credited'
  | 'already_closed';
/** What the gateway's session did to a pending payment; unchanged: something else closed it first. */
type SettleOutcome = WebhookOutcome | 'cancelled' | 'unchanged';

export interface PaymentsDeps {
  db: Db;
  money: MoneyEngine;
  market: MarketService;
  gateway: PaymentGateway;
  publicUrl: string;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

export function byRules<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof SaveRuleError) throw unprocessable(error.message, { field: error.field });
    throw error;
  }
}

const usd = (cents: bigint) => fromUnits(cents, 'USD');

/**
 * Spend To Save: a quote (the grams a USD amount buys after the 1.5% fee), a checkout at the
 * gateway holding that quote's figures, and the gateway's signed events, which credit the
 * GSA once (operation type payment_credit, migration 0018) or close the payment.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, gateway } = deps;
  const now = deps.now ?? (() => new Date());

  function toWire(row: PaymentRow): Payment {
    return {
      id: row.id,
      code: row.code,
      amountUsd: usd(BigInt(row.amountCents)),
      feeUsd: usd(BigInt(row.feeCents)),
      grams: fromUnits(BigInt(row.grams), 'GOLD'),
      price: fromUnits(BigInt(row.price), 'USDT'),
      status: row.status,
      failureReason: row.failureReason,
      checkoutUrl: row.status === 'pending' ? row.checkoutUrl : null,
      transactionId: row.transactionId,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      creditedAt: row.creditedAt?.toISOString() ?? null,
    };
  }

  async function own(userId: string, id: string): Promise<PaymentRow> {
    const row = await repo.paymentOf(db, userId, id);
    if (!row) throw notFound('Payment not found.');
    return row;
  }

  /**
   * A gateway event that closes a payment (expired, failed). Events come in any order: one
   * arriving after the payment was credited or closed changes nothing, and its answer says
   * so rather than naming a transition that did not happen.
   */
  async function closeOnEvent(id: string, status: 'expired' | 'failed', reason?: string): Promise<WebhookOutcome> {
    if (await repo.closePending(db, id, status, now(), reason ?? null)) return status;
    const current = await repo.paymentById(db, id);
    return current?.status === 'credited' ? 'already_credited' : 'already_closed';
  }

  /**
   * Books a paid checkout: the one credit path, for the webhook's event and for the sweep's
   * and the cancel's reading of the session alike. The operation locks the payment row and
   * does nothing to a credited one, so whichever comes second (a late event, a sweep in another
   * process) credits nothing. `source`: the event id, or what read the session.
   */
  async function credit(
    row: PaymentRow,
    paid: { amountCents: bigint | null; currency: string | null },
    source: string,
  ): Promise<WebhookOutcome> {
    const answer = await deps.money.run(
      row.userId,
      {
        kind: 'payment_credit',
        paymentId: row.id,
        amountCents: paid.amountCents?.toString() ?? null,
        currency: paid.currency,
      },
      { now: now() },
    );
    const outcome = String(answer.outcome) as WebhookOutcome;
    if (outcome === 'mismatch')
      deps.log?.error(
        { paymentId: row.id, source, amount: paid.amountCents?.toString(), currency: paid.currency },
        'payment gateway reported another amount than the checkout: not credited, needs an operator',
      );
    return outcome;
  }

  /**
   * What the gateway's session says of a payment we hold pending: paid, it is credited (the
   * webhook's path); expired, it is closed as `closeAs`; complete but unpaid (an asynchronous
   * method the bank has not settled), it waits for its event or the sweep's next look.
   */
  async function settle(
    row: PaymentRow,
    session: CheckoutSession,
    closeAs: 'expired' | 'cancelled',
    source: string,
  ): Promise<SettleOutcome> {
    if (session.status === 'complete' && session.paymentStatus === 'paid') {
      const outcome = await credit(row, session, source);
      if (outcome === 'credited')
        deps.log?.warn(
          { paymentId: row.id, sessionId: session.sessionId, source },
          'payment credited from the gateway session: its paid event had not arrived',
        );
      return outcome;
    }
    if (session.status === 'expired')
      return (await repo.closePending(db, row.id, closeAs, now())) ? closeAs : 'unchanged';
    return 'awaiting_payment';
  }

  /**
   * The sweep's look at one pending payment past its expiry: the gateway's session decides.
   * One still open there (Stripe closes it on its own schedule) is expired first, so it can
   * no longer be paid once we call it expired.
   */
  async function reconcile(row: PaymentRow): Promise<SettleOutcome> {
    // Never reached the gateway: nobody was given a checkout, nothing can have been paid.
    if (!row.sessionId) return (await repo.closePending(db, row.id, 'expired', now())) ? 'expired' : 'unchanged';
    let session = await gateway.retrieveCheckout(row.sessionId);
    if (session.status === 'open') session = await gateway.expireCheckout(row.sessionId);
    return settle(row, session, 'expired', 'sweep');
  }

  const gatewayDown = () =>
    new ApplicationUnavailable(
      'The payment service cannot be reached right now. Nothing was charged; please try again.',
    );

  function opened(row: PaymentRow): CheckoutResponse {
    if (!row.checkoutUrl) throw new Error(`payment ${row.id} has no checkout`);
    return { paymentId: row.id, checkoutUrl: row.checkoutUrl, payment: toWire(row) };
  }

  /**
   * Opens the payment's checkout at the gateway; `first`: this request wrote the payment.
   * `linkBase`: where the customer comes back to, the address they are using (lib/link-base.ts),
   * so the session kept in that origin's storage is there when they return.
   */
  async function openAtGateway(
    payment: PaymentRow,
    email: string,
    first: boolean,
    linkBase: string,
  ): Promise<PaymentRow> {
    const follow = `${linkBase}/payment-success?paymentId=${payment.id}`;
    let session;
    try {
      session = await gateway.createCheckout({
        paymentId: payment.id,
        amountCents: BigInt(payment.amountCents),
        description: `Spend To Save ${payment.code}: ${formatGrams(BigInt(payment.grams))} of gold`,
        customerEmail: email,
        successUrl: follow,
        cancelUrl: `${follow}&cancelled=1`,
        expiresAt: payment.expiresAt,
      });
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      deps.log?.warn({ err: error, paymentId: payment.id }, 'checkout could not be created');
      // Only the request that wrote the payment fails it: a replay racing it must not fail a
      // checkout the first request may still open.
      if (first) await repo.failUnopened(db, payment.id, now(), 'The payment page could not be opened.');
      throw gatewayDown();
    }
    const row = await repo.attachSession(db, payment.id, session, now());
    if (!row) throw new Error(`payment ${payment.id} already has another checkout session`);
    return row;
  }

  return {
    toWire,
    row: (id: string) => repo.paymentById(db, id),

    /** POST /payments/quote: what the amount buys at today's price after the fee, held 30 s. */
    async quote(userId: string, amountUsd: string): Promise<PaymentQuote> {
      const cents = byRules(() => usdCents(amountUsd));
      const { usdPerGram } = await deps.market.spot();
      const figures = byRules(() => spendToSave(cents, usdPerGram));
      if (figures.grams <= 0n)
        throw unprocessable('This amount buys no gold at today’s price.', { field: 'amountUsd' });
      const expiresAt = new Date(now().getTime() + QUOTE_TTL_MS);
      const row = await repo.insertQuote(db, { userId, kind: 'SPEND', amountIn: cents, figures, expiresAt });
      return {
        quoteId: row.id,
        amountUsd: usd(cents),
        feeUsd: usd(figures.fee),
        netUsd: usd(cents - figures.fee),
        grams: fromUnits(figures.grams, 'GOLD'),
        price: fromUnits(figures.price, 'USDT'),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * POST /payments/checkout: the payment at the quote's figures, and its checkout at the
     * gateway. A quote opens one checkout (another request with it gets a 409); the same
     * Idempotency-Key again gets the first answer: the same payment and checkout.
     */
    async checkout(
      userId: string,
      email: string,
      body: CheckoutRequest,
      claim: IdempotencyClaim,
      linkBase: string = deps.publicUrl,
    ): Promise<CheckoutResponse & { replayed: boolean }> {
      const cents = byRules(() => usdCents(body.amountUsd));
      // The key, the quote's checks and use, and the payment row are one database call (the
      // money engine's, operation type payment_open, migration 0021); the gateway comes after.
      const answer = await deps.money.run(
        userId,
        {
          kind: 'payment_open',
          quoteId: body.quoteId,
          amountCents: cents.toString(),
          code: newTransactionCode('PAYMENT'),
          gateway: gateway.kind,
          expiresAt: new Date(now().getTime() + CHECKOUT_TTL_MINUTES * 60_000).toISOString(),
        },
        { now: now(), claim },
      );
      const replayed = answer.replayed === true;
      const payment = await repo.paymentById(db, String(answer.paymentId));
      if (!payment) throw new Error('payment_open answered without its payment');
      if (payment.checkoutUrl) return { ...opened(payment), replayed };
      // The first request could not reach the gateway and said so: a replay answers the same.
      if (payment.status === 'failed') throw gatewayDown();
      // Its process died before the gateway answered, and the sweep closed it long after.
      if (payment.status !== 'pending')
        throw new AppError(
          422,
          'QuoteExpiredError',
          'This checkout was never opened and has expired. Please ask for a new quote.',
        );
      // No session yet: this is the first request, or a replay of one that died (or is still
      // waiting) before the gateway answered. The gateway answers a repeated create with the
      // session it opened first, so either way there is one checkout.
      return { ...opened(await openAtGateway(payment, email, !replayed, linkBase)), replayed };
    },

    /**
     * GET /admin/payments: every customer's payments (or those of one status), newest first, a
     * page by key, for support (a failed one says why); the customers in one query for the page.
     */
    async adminList(query: AdminPaymentsQuery): Promise<AdminPaymentsResponse> {
      const page = cutPage(await repo.paymentsPage(db, query, query.pageSize + 1), query.pageSize, (r) => ({
        at: r.key,
        id: r.row.id,
      }));
      const data = await usersService.withCustomers(
        db,
        page.items.map((r) => r.row),
        (r) => ({ ...toWire(r), gateway: r.gateway, sessionId: r.sessionId }),
      );
      return { data, nextCursor: page.nextCursor };
    },

    async list(userId: string): Promise<Payment[]> {
      return (await repo.paymentsOf(db, userId)).map(toWire);
    },

    async get(userId: string, id: string): Promise<Payment> {
      return toWire(await own(userId, id));
    },

    /**
     * POST /payments/{id}/cancel: the customer came back from the checkout without paying.
     * The gateway closes the checkout first, so it cannot be paid after we call it cancelled;
     * if the customer paid meanwhile, the payment stays pending until its event credits it.
     */
    async cancel(userId: string, id: string): Promise<Payment> {
      const row = await own(userId, id);
      if (row.status !== 'pending') return toWire(row);
      if (row.sessionId) {
        let session;
        try {
          session = await gateway.expireCheckout(row.sessionId);
        } catch (error) {
          if (error instanceof GatewayUnavailable)
            throw new ApplicationUnavailable('The payment service cannot be reached right now. Please try again.');
          throw error;
        }
        // Paid before the cancel reached the gateway: credited now, as its event would.
        if (session.status === 'complete') {
          await settle(row, session, 'cancelled', 'cancel');
          return toWire(await own(userId, id));
        }
      }
      return toWire((await repo.closePending(db, id, 'cancelled', now())) ?? (await own(userId, id)));
    },

    /**
     * POST /payments/webhook. A replayed event changes nothing: its id is recorded after it
     * is handled, and each transition is conditional (credit once, close only what is
     * pending), so a duplicate that races the first is harmless too. Events in any order:
     * 'expired' after 'paid' finds nothing pending; 'paid' after 'expired' still credits,
     * because the customer's money was taken.
     */
    async handleWebhook(raw: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      let event: CheckoutEvent;
      try {
        event = gateway.parseWebhook(raw, signature);
      } catch (error) {
        if (error instanceof InvalidSignature)
          throw new AppError(401, 'UnauthorizedError', `Invalid signature: ${error.message}`);
        throw badRequest('The webhook body is not an event.');
      }
      if (await repo.eventSeen(db, event.id)) return 'duplicate';
      const outcome = await this.apply(event);
      await repo.recordEvent(db, {
        eventId: event.id,
        type: event.type,
        paymentId: event.paymentId && /^[0-9a-f-]{36}$/i.test(event.paymentId) ? event.paymentId : null,
        outcome,
      });
      return outcome;
    },

    /** What one verified event does to its payment. */
    async apply(event: CheckoutEvent): Promise<WebhookOutcome> {
      if (!event.type.startsWith('checkout.session.')) return 'ignored';
      const row =
        event.paymentId && /^[0-9a-f-]{36}$/i.test(event.paymentId)
          ? await repo.paymentById(db, event.paymentId)
          : undefined;
      // The session must be the one we opened for this payment: an event about another
      // session (of another account on the gateway, say) cannot move this payment.
      if (!row || row.sessionId !== event.sessionId) return 'unknown_payment';
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return event.paymentStatus === 'paid' ? credit(row, event, event.id) : 'awaiting_payment';
        case 'checkout.session.async_payment_failed':
          return closeOnEvent(row.id, 'failed', 'Your bank declined the payment.');
        case 'checkout.session.expired':
          return closeOnEvent(row.id, 'expired');
        default:
          return 'ignored';
      }
    },

    /**
     * Every minute, in every process: settles pending payments past their checkout's expiry
     * from the gateway's session (paid: credited by the webhook's path, so a late event or a
     * second sweep credits nothing; expired: closed, after expiring it at the gateway if it is
     * still open). Each payment is claimed before
     * it is looked at (repo.claimDue), so two processes never ask about the same one at once,
     * and one the gateway cannot settle yet waits behind the rest instead of starving them.
     */
    async sweep(options: { batch?: number } = {}): Promise<SweepSummary> {
      const summary: SweepSummary = { checked: 0, credited: 0, expired: 0, waiting: 0 };
      for (const row of await repo.claimDue(db, now(), options.batch ?? SWEEP_BATCH)) {
        summary.checked++;
        try {
          const outcome = await reconcile(row);
          if (outcome === 'credited') summary.credited++;
          else if (outcome === 'expired') summary.expired++;
          else if (outcome === 'awaiting_payment') summary.waiting++;
        } catch (error) {
          summary.waiting++;
          deps.log?.warn(
            { err: error, paymentId: row.id, attempts: row.reconcileAttempts },
            'could not settle a checkout past its expiry; a later pass asks again',
          );
        }
      }
      return summary;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

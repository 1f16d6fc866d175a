import {
  QUOTE_TTL_MS,
  cutPage,
  fromUnits,
  type AdminRemittancesQuery,
  type AdminRemittancesResponse,
  type RemitQuote,
  type RemitQuoteRequest,
  type RemitRequest,
  type Remittance,
  type RemittancesQuery,
  type RemittancesResponse,
  type Transaction,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { unprocessable } from '../../lib/errors.js';
import { findVerifiedRecipient } from '../../lib/recipients.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { KycService } from '../kyc/index.js';
import type { MarketService } from '../market/index.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode, type TransactionsService } from '../transactions/index.js';
import { usersService, type UserRow } from '../users/index.js';
import * as repo from './payments.repository.js';
import type { RemittanceRow } from './payments.repository.js';
import { byRules } from './payments.service.js';
import { maskedName, remitAmount, roundUpGold, roundUpOf } from './payments.rules.js';

/**
 * A remittance's mails (to its sender and its recipient), an outbox kind: owed by a trigger on
 * the remittance row (sql/outbox_owe_remittance_mail.sql), in the transaction of the remittance.
 */
export const REMIT_MAIL = 'payments.remittance';
/** The one answer for an address nobody has and for a customer who cannot receive yet. */
export { NO_RECIPIENT } from '../../lib/recipients.js';

export interface RemitMail {
  id: string;
}

export interface RemitDeps {
  db: Db;
  money: MoneyEngine;
  market: MarketService;
  transactions: TransactionsService;
  kyc: Pick<KycService, 'getPersonal' | 'formsOf'>;
  now?: () => Date;
}

/**
 * Remit to save: USDT to another verified customer found by e-mail or referral code, and an
 * optional round-up saved as gold for the sender (operation type remit, migration 0018). The
 * quote shows the recipient's masked name and the round-up's grams before anything moves.
 */
export function createRemitService(deps: RemitDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The recipient an e-mail or referral code names, if they may receive (lib/recipients.ts). */
  const recipientOf = (senderId: string, recipient: string): Promise<UserRow> =>
    findVerifiedRecipient(db, senderId, recipient, 'You cannot remit to yourself.');

  async function nameOf(user: UserRow): Promise<string> {
    const { form } = await deps.kyc.getPersonal(user.id);
    return maskedName([form.firstName, form.middleName, form.lastName], user.username);
  }

  async function toWire(row: RemittanceRow, viewer: string): Promise<Remittance> {
    const other = await usersService.findById(db, row.senderId === viewer ? row.recipientId : row.senderId);
    return wire(row, viewer, other ? await nameOf(other) : '');
  }

  function wire(row: RemittanceRow, viewer: string, counterparty: string): Remittance {
    const sent = row.senderId === viewer;
    return {
      id: row.id,
      code: row.code,
      direction: sent ? 'sent' : 'received',
      counterparty,
      amountUsdt: fromUnits(BigInt(row.amount), 'USDT'),
      roundUpUsdt: sent ? fromUnits(BigInt(row.roundUp), 'USDT') : '0',
      grams: sent ? fromUnits(BigInt(row.grams), 'GOLD') : '0',
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function figures(body: RemitQuoteRequest) {
    const amount = byRules(() => remitAmount(body.amountUsdt));
    const roundUp = body.roundUpTo ? roundUpOf(amount, body.roundUpTo) : 0n;
    return { amount, roundUp };
  }

  return {
    toWire,
    row: (id: string) => repo.remittanceById(db, id),

    /** POST /remit/quote: who receives it (masked), the total, and the round-up's gold held 30 s. */
    async quote(userId: string, body: RemitQuoteRequest): Promise<RemitQuote> {
      const recipient = await recipientOf(userId, body.recipient);
      const { amount, roundUp } = await figures(body);
      const base = {
        recipient: { maskedName: await nameOf(recipient) },
        amountUsdt: fromUnits(amount, 'USDT'),
        roundUpUsdt: fromUnits(roundUp, 'USDT'),
        totalUsdt: fromUnits(amount + roundUp, 'USDT'),
      };
      if (roundUp === 0n) return { ...base, quoteId: null, grams: '0', feeUsdt: '0', price: '0', expiresAt: null };
      const { usdPerGram } = await deps.market.spot();
      const gold = byRules(() => roundUpGold(roundUp, usdPerGram));
      const expiresAt = new Date(now().getTime() + QUOTE_TTL_MS);
      const row = await repo.insertQuote(db, { userId, kind: 'REMIT', amountIn: roundUp, figures: gold, expiresAt });
      return {
        ...base,
        quoteId: row.id,
        grams: fromUnits(gold.grams, 'GOLD'),
        feeUsdt: fromUnits(gold.fee, 'USDT'),
        price: fromUnits(gold.price, 'USDT'),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** POST /remit: one ledger entry; both sides are mailed. */
    async remit(
      userId: string,
      body: RemitRequest,
      claim: IdempotencyClaim,
    ): Promise<{ remittance: Remittance; transaction: Transaction; replayed: boolean }> {
      const recipient = await recipientOf(userId, body.recipient);
      const { amount, roundUp } = await figures(body);
      if (roundUp > 0n && !body.quoteId)
        throw unprocessable('Ask for a quote first: it shows the gold your round-up buys.', { field: 'quoteId' });
      const answer = await deps.money.run(
        userId,
        {
          kind: 'remit',
          recipientId: recipient.id,
          amount: amount.toString(),
          roundUp: roundUp.toString(),
          quoteId: roundUp > 0n ? body.quoteId : null,
          code: newTransactionCode('REMIT'),
          recipientCode: newTransactionCode('REMIT'),
        },
        { now: now(), claim },
      );
      const row = await repo.remittanceById(db, String(answer.remittanceId));
      if (!row) throw new Error('remit answered without its remittance');
      const transaction = await deps.transactions.byIdForOwner(userId, row.senderTransactionId);
      if (!transaction) throw new Error('remit answered without its transaction');
      return { remittance: await toWire(row, userId), transaction, replayed: !!answer.replayed };
    },

    /** GET /admin/remittances: every remittance, newest first, a page by key, both sides by username. */
    async adminList(query: AdminRemittancesQuery): Promise<AdminRemittancesResponse> {
      const page = cutPage(await repo.remittancesPage(db, query.cursor, query.pageSize + 1), query.pageSize, (r) => ({
        at: r.key,
        id: r.row.id,
      }));
      const rows = page.items.map((r) => r.row);
      const users = await usersService.byIds(
        db,
        rows.flatMap((r) => [r.senderId, r.recipientId]),
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          code: r.code,
          sender: users.get(r.senderId)?.username ?? '',
          recipient: users.get(r.recipientId)?.username ?? '',
          amountUsdt: fromUnits(BigInt(r.amount), 'USDT'),
          roundUpUsdt: fromUnits(BigInt(r.roundUp), 'USDT'),
          grams: fromUnits(BigInt(r.grams), 'GOLD'),
          createdAt: r.createdAt.toISOString(),
        })),
        nextCursor: page.nextCursor,
      };
    },

    /**
     * GET /remittances: sent and received, newest first, a page by key. The counterparties' names
     * in two queries for the page (users, then their forms), not two per row.
     */
    async list(userId: string, query: RemittancesQuery): Promise<RemittancesResponse> {
      const page = cutPage(
        await repo.remittancesOfPage(db, userId, query.cursor, query.pageSize + 1),
        query.pageSize,
        (r) => ({ at: r.key, id: r.row.id }),
      );
      const rows = page.items.map((r) => r.row);
      const otherOf = (r: RemittanceRow) => (r.senderId === userId ? r.recipientId : r.senderId);
      const others = await usersService.byIds(db, rows.map(otherOf));
      const forms = await deps.kyc.formsOf([...others.keys()]);
      const nameOfId = (id: string) => {
        const user = others.get(id);
        if (!user) return '';
        const form = forms.get(id) ?? {};
        return maskedName([form.firstName, form.middleName, form.lastName], user.username);
      };
      return { data: rows.map((r) => wire(r, userId, nameOfId(otherOf(r)))), nextCursor: page.nextCursor };
    },
  };
}

export type RemitService = ReturnType<typeof createRemitService>;

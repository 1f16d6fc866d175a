import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { BANK_VERIFY_TRIES, type BankAccount, type BankAccountRequest } from '@qmgt/contracts';
import { BankRefusedAccount, BankUnavailable, type BankPort } from '../../adapters/bank/port.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import type { FieldCipher } from '../../lib/field-cipher.js';
import { ApplicationUnavailable, conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { KycService } from '../kyc/index.js';
import { bankAccounts } from './bank.schema.js';
import { holderMatches, lastFour, maskAccount, sameDeposits, toCents } from './bank.rules.js';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
type Row = BankAccountRow;

const bankDown = () =>
  new ApplicationUnavailable(
    'The bank cannot be reached right now: nothing was counted. Please try again in a few minutes.',
  );

const wire = (row: Row): BankAccount => ({
  id: row.id,
  bankName: row.bankName,
  accountHolder: row.holderName,
  accountNumberMasked: maskAccount(row.last4),
  country: row.country,
  status: row.status,
  attemptsLeft: Math.max(0, BANK_VERIFY_TRIES - row.attempts),
  nameMatches: row.nameMatches,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
});

/**
 * Bank verification: an account is added (its number encrypted), the bank port sends two
 * micro-deposits, the customer confirms their amounts (three tries). The holder's name is
 * compared with the KYC name; a mismatch waits for an operator's review once the deposits
 * are confirmed. Every decision is audited.
 */
export function createBankService(deps: {
  db: Db;
  bank: BankPort;
  cipher: FieldCipher;
  kyc: Pick<KycService, 'getPersonal' | 'legalNames'>;
}) {
  const { db, bank, cipher } = deps;

  async function kycName(userId: string) {
    const { form } = await deps.kyc.getPersonal(userId);
    return { firstName: form.firstName ?? '', middleName: form.middleName ?? '', lastName: form.lastName ?? '' };
  }

  async function own(userId: string, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)));
    if (!row) throw notFound('Bank account not found.');
    return row;
  }

  return {
    async list(userId: string): Promise<BankAccount[]> {
      const rows = await db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.userId, userId))
        .orderBy(desc(bankAccounts.createdAt));
      return rows.map(wire);
    },

    async add(userId: string, input: BankAccountRequest, ip: string | null): Promise<BankAccount> {
      const open = await db
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.status, 'pending')));
      if (open.length >= 3) throw conflict('Confirm or remove the accounts waiting for their deposits first.');
      const accountNumber = input.accountNumber.trim();
      let started: Awaited<ReturnType<BankPort['startVerification']>>;
      try {
        started = await bank.startVerification({
          holderName: input.accountHolder.trim(),
          accountNumber,
          bankName: input.bankName.trim(),
          country: input.country.trim(),
        });
      } catch (error) {
        if (error instanceof BankRefusedAccount)
          throw unprocessable(`The bank refused these account details: ${error.message}`, { field: 'accountNumber' });
        if (error instanceof BankUnavailable) throw bankDown();
        throw error;
      }
      const [row] = await db
        .insert(bankAccounts)
        .values({
          userId,
          bankName: input.bankName.trim(),
          holderName: input.accountHolder.trim(),
          accountNumberEnc: cipher.encrypt(accountNumber),
          last4: lastFour(accountNumber),
          country: input.country.trim(),
          provider: bank.kind,
          externalId: started.externalId,
          depositsEnc: started.sandboxCents ? cipher.encrypt(JSON.stringify(started.sandboxCents)) : null,
          nameMatches: holderMatches(input.accountHolder, await kycName(userId)),
        })
        .returning();
      await audit(db, {
        action: 'bank.account.add',
        actorId: userId,
        subjectId: userId,
        detail: maskAccount(row!.last4),
        ip,
      });
      return wire(row!);
    },

    /**
     * The two amounts: right, the account is verified (or waits for review); wrong three times,
     * it fails. A try is claimed in one statement before the answer is weighed, so answers sent
     * in parallel cannot share a try (three tries in all, not three per request).
     */
    async verify(userId: string, id: string, amounts: [string, string], ip: string | null): Promise<BankAccount> {
      const cents = amounts.map(toCents) as [number, number];
      const [claimed] = await db
        .update(bankAccounts)
        .set({ attempts: sql`${bankAccounts.attempts} + 1` })
        .where(
          and(
            eq(bankAccounts.id, id),
            eq(bankAccounts.userId, userId),
            eq(bankAccounts.status, 'pending'),
            lt(bankAccounts.attempts, BANK_VERIFY_TRIES),
          ),
        )
        .returning();
      if (!claimed) {
        const row = await own(userId, id);
        throw conflict(
          row.status === 'failed' || row.status === 'pending'
            ? 'Three wrong answers: add the account again.'
            : `This account is ${row.status}.`,
        );
      }
      // Gives the claimed try back: the answer was not weighed.
      const unclaim = () =>
        db
          .update(bankAccounts)
          .set({ attempts: sql`greatest(${bankAccounts.attempts} - 1, 0)` })
          .where(and(eq(bankAccounts.id, id), eq(bankAccounts.status, 'pending')));
      let right: boolean;
      try {
        right = claimed.depositsEnc
          ? sameDeposits(cents, JSON.parse(cipher.decrypt(claimed.depositsEnc)) as [number, number])
          : await bank.confirmDeposits(claimed.externalId, cents);
      } catch (error) {
        await unclaim();
        throw error instanceof BankUnavailable ? bankDown() : error;
      }
      if (!right) {
        const left = Math.max(0, BANK_VERIFY_TRIES - claimed.attempts);
        if (left === 0) {
          await db
            .update(bankAccounts)
            .set({ status: 'failed', reason: 'The deposits were not confirmed.' })
            .where(and(eq(bankAccounts.id, id), eq(bankAccounts.status, 'pending')));
          await audit(db, {
            action: 'bank.account.failed',
            actorId: userId,
            subjectId: userId,
            detail: maskAccount(claimed.last4),
            ip,
          });
        }
        // 422: a well-formed answer that is wrong (the document cannot say which amounts are right).
        throw unprocessable(
          left === 0
            ? 'Those amounts are not the deposits, and that was the last try. Add the account again to get new deposits.'
            : `Those amounts are not the deposits. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
          { field: 'amounts', attemptsLeft: left },
        );
      }
      const [updated] = await db
        .update(bankAccounts)
        .set({
          // Only wrong answers count against the tries.
          attempts: sql`greatest(${bankAccounts.attempts} - 1, 0)`,
          ...(claimed.nameMatches
            ? { status: 'verified' as const, verifiedAt: new Date(), reason: null }
            : {
                status: 'review' as const,
                reason: 'The account holder differs from the name on your identity check: our team reviews it.',
              }),
        })
        .where(and(eq(bankAccounts.id, id), eq(bankAccounts.status, 'pending')))
        .returning();
      if (!updated) throw conflict('This account changed meanwhile. Reload the page.');
      await audit(db, {
        action: `bank.account.${updated.status}`,
        actorId: userId,
        subjectId: userId,
        detail: maskAccount(claimed.last4),
        ip,
      });
      return wire(updated);
    },

    /** A page of the operator's review: each account with its customer's KYC name, read in one query. */
    async reviewItems(rows: Row[]) {
      const names = await deps.kyc.legalNames(rows.map((r) => r.userId));
      return rows.map((r) => ({ ...wire(r), kycName: names.get(r.userId) ?? '' }));
    },

    /**
     * The operator's decision, in one conditional UPDATE: undefined when the account no longer
     * waits for review (the review answers 409).
     */
    async applyDecision(
      row: Row,
      decided: { decision: 'approve' | 'reject'; operatorId: string; reason: string | null },
    ) {
      const decidedAt = new Date();
      const [updated] = await db
        .update(bankAccounts)
        .set(
          decided.decision === 'approve'
            ? { status: 'verified', verifiedAt: decidedAt, reason: null, decidedBy: decided.operatorId, decidedAt }
            : { status: 'rejected', reason: decided.reason, decidedBy: decided.operatorId, decidedAt },
        )
        .where(and(eq(bankAccounts.id, row.id), eq(bankAccounts.status, 'review')))
        .returning();
      return updated;
    },

    /** Sandbox only: what the sandbox bank "sent", in the customer's currency format. */
    async sandboxDeposits(id: string) {
      const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
      if (!row?.depositsEnc) throw notFound('No sandbox deposits for this account.');
      const cents = JSON.parse(cipher.decrypt(row.depositsEnc)) as [number, number];
      return { id: row.id, deposits: cents.map((c) => `0.${String(c).padStart(2, '0')}`) };
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;

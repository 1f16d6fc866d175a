/**
 * The bank port: proving a customer controls a bank account by micro-deposits. The sandbox
 * plays the bank in-process; Stripe's ACH micro-deposit verification is the production adapter.
 */
export interface BankAccountDetails {
  holderName: string;
  accountNumber: string;
  bankName: string;
  country: string;
}

export interface StartedVerification {
  /** The provider's reference (a Stripe SetupIntent id; a sandbox id). */
  externalId: string;
  /** Sandbox only: the two amounts in cents it "sent", for the dev page to show. */
  sandboxCents?: [number, number];
}

/**
 * The bank could not be asked (down, timed out, refused our credentials): nobody's answer was
 * weighed, so it must not cost the customer a try.
 */
export class BankUnavailable extends Error {}

/** The bank refused the account's details themselves (a routing number that does not exist). */
export class BankRefusedAccount extends Error {}

export interface BankPort {
  readonly kind: 'sandbox' | 'stripe';
  /** Throws BankRefusedAccount for details the bank refuses, BankUnavailable when it cannot be asked. */
  startVerification(account: BankAccountDetails): Promise<StartedVerification>;
  /**
   * Whether the two amounts (cents) are the deposits; the sandbox's check is done by the
   * service. Throws BankUnavailable when the bank could not weigh them.
   */
  confirmDeposits(externalId: string, cents: [number, number]): Promise<boolean>;
}

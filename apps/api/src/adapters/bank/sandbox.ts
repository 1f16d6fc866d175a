import { randomInt, randomUUID } from 'node:crypto';
import type { BankPort } from './port.js';

/**
 * The sandbox bank: "sends" two deposits of 1-99 cents. Their amounts are kept (encrypted) by
 * the bank-accounts service, which checks the customer's answer; the dev page shows them.
 */
export function createSandboxBank(): BankPort {
  return {
    kind: 'sandbox',
    async startVerification() {
      let a = randomInt(1, 100);
      let b = randomInt(1, 100);
      // Two different amounts, as a bank sends them (the customer may give them in either order).
      while (b === a) b = randomInt(1, 100);
      if (a > b) [a, b] = [b, a];
      return { externalId: `sandbox_${randomUUID()}`, sandboxCents: [a, b] };
    },
    async confirmDeposits() {
      // The service compares with the amounts it keeps for the sandbox.
      return false;
    },
  };
}

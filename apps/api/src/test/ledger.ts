import type { Asset } from '@qmgt/contracts';
import type { TestApp } from './build.js';
import { createUser } from '../modules/users/users.service.js';
import type { LedgerService } from '../modules/ledger/ledger.service.js';
import type { PostingLine } from '../modules/ledger/ledger.rules.js';

/*
 * The ledger files' kit: users made by the users service and entries posted straight through
 * the ledger service, each in a transaction of its own, on the app `t()` and the ledger
 * `ledger()` a `beforeAll` creates.
 */
export function ledgerKit(t: () => TestApp, ledger: () => LedgerService, prefix: string) {
  let seq = 0;
  async function newUser(): Promise<string> {
    seq++;
    const user = await createUser(t().database.db, {
      username: `${prefix}_${seq}_${Date.now()}`,
      email: `${prefix}_${seq}_${Date.now()}@example.com`,
      passwordHash: 'x',
    });
    return user.id;
  }

  const post = (type: string, lines: PostingLine[]) =>
    t().database.db.transaction((tx) => ledger().post(tx, { type }, lines));
  /** `amount` from outside the platform into the user's available balance. */
  const deposit = (userId: string, asset: Asset, amount: bigint) =>
    post('deposit', [
      { account: { platform: 'external' }, asset, amount: -amount },
      { account: { userId, purpose: 'available' }, asset, amount },
    ]);
  const withdraw = (userId: string, asset: Asset, amount: bigint) =>
    post('withdrawal', [
      { account: { userId, purpose: 'available' }, asset, amount: -amount },
      { account: { platform: 'external' }, asset, amount },
    ]);
  const available = async (userId: string, asset: Asset) => (await ledger().balances(userId))[asset].available;

  return { newUser, post, deposit, withdraw, available };
}

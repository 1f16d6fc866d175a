import { fromUnits } from '@qmgt/contracts';
import type { Outbox } from '../../platform/outbox/index.js';
import type { NotificationsService } from './notifications.service.js';

/*
 * The events that were never mailed, notified in the app only (sql/outbox_owe_notice.sql owes
 * them in the change's transaction): a USDT deposit credited, a KYC decision, a staking
 * position matured, QMGT settled on chain. The message's key is the notification's.
 */

type Owed = { userId: string };

export function handleNoticeEvents(
  outbox: Outbox,
  notifications: NotificationsService,
  kycStatusOf: (userId: string) => Promise<string | undefined>,
) {
  outbox.handle<Owed & { amount: string }>('notify.deposit', async (owed, { key }) => {
    const usdt = fromUnits(BigInt(owed.amount), 'USDT');
    await notifications.deliver({
      userId: owed.userId,
      kind: 'deposit',
      key,
      title: `Deposit credited: ${usdt} USDT`,
      body: `${usdt} USDT arrived at your wallet address and is in your balance.`,
      link: '/transactions',
    });
  });

  outbox.handle<Owed & { status: string }>('notify.kyc', async (owed, { key }) => {
    // Read the present: a decision already replaced by another is not told.
    if ((await kycStatusOf(owed.userId)) !== owed.status) return;
    const verified = owed.status === 'Verified';
    await notifications.deliver({
      userId: owed.userId,
      kind: 'kyc',
      key,
      title: verified ? 'Identity verified' : 'Identity verification not approved',
      body: verified
        ? 'Your identity is verified: your wallet, savings and payments are open.'
        : 'Your identity verification was not approved. Open the verification page to see why and try again.',
      link: verified ? '/dashboard' : '/kyc-verification',
    });
  });

  outbox.handle<Owed & { code: string; amount: string; interest: string }>('notify.staking', async (owed, { key }) => {
    const principal = fromUnits(BigInt(owed.amount), 'QMGT');
    const interest = fromUnits(BigInt(owed.interest), 'QMGT');
    await notifications.deliver({
      userId: owed.userId,
      kind: 'staking',
      key,
      title: `Stake ${owed.code} matured`,
      body: `${principal} QMGT and ${interest} QMGT of interest are back in your wallet.`,
      link: '/staking',
    });
  });

  outbox.handle<Owed & { amount: string }>('notify.settled', async (owed, { key }) => {
    const qmgt = fromUnits(BigInt(owed.amount), 'QMGT');
    await notifications.deliver({
      userId: owed.userId,
      kind: 'purchase',
      key,
      title: `${qmgt} QMGT settled on chain`,
      body: `Your ${qmgt} QMGT is final on chain at your wallet address.`,
      link: '/transactions',
    });
  });
}

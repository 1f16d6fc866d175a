import { fromUnits } from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Outbox, OutboxDelivery } from '../../platform/outbox/index.js';
import type { Notice, NotificationsService } from './notifications.service.js';

/*
 * The events that were never mailed, notified in the app only (sql/outbox_owe_notice.sql owes
 * them in the change's transaction): a USDT deposit credited, a KYC decision, a staking
 * position matured, QMGT settled on chain. The message's key is the notification's. They only
 * write this database, so the outbox delivers them locally: a claim's notices of one kind in
 * one statement, in the transaction that marks them sent (exactly once).
 */

type Owed = { userId: string };

/**
 * Registers a kind's notice, rendered from its payload and what `tx` reads (null: the event no
 * longer applies).
 */
function noticeKind<P extends Owed>(
  outbox: Outbox,
  notifications: NotificationsService,
  kind: string,
  render: (owed: P, delivery: OutboxDelivery, tx: Tx) => Promise<Notice | null> | Notice | null,
) {
  outbox.handleLocally<P>(kind, async (tx, messages) => {
    const notices: Notice[] = [];
    for (const { payload, delivery } of messages) {
      const notice = await render(payload, delivery, tx);
      if (notice) notices.push(notice);
    }
    await notifications.writeAll(tx, notices);
  });
}

export function handleNoticeEvents(
  outbox: Outbox,
  notifications: NotificationsService,
  kycStatusOf: (runner: Db | Tx, userId: string) => Promise<string | undefined>,
) {
  noticeKind<Owed & { amount: string }>(outbox, notifications, 'notify.deposit', (owed, { key }) => {
    const usdt = fromUnits(BigInt(owed.amount), 'USDT');
    return {
      userId: owed.userId,
      kind: 'deposit',
      key,
      title: `Deposit credited: ${usdt} USDT`,
      body: `${usdt} USDT arrived at your wallet address and is in your balance.`,
      link: '/transactions',
    };
  });

  noticeKind<Owed & { status: string }>(outbox, notifications, 'notify.kyc', async (owed, { key }, tx) => {
    // Read the present: a decision already replaced by another is not told.
    if ((await kycStatusOf(tx, owed.userId)) !== owed.status) return null;
    const verified = owed.status === 'Verified';
    return {
      userId: owed.userId,
      kind: 'kyc',
      key,
      title: verified ? 'Identity verified' : 'Identity verification not approved',
      body: verified
        ? 'Your identity is verified: your wallet, savings and payments are open.'
        : 'Your identity verification was not approved. Open the verification page to see why and try again.',
      link: verified ? '/dashboard' : '/kyc-verification',
    };
  });

  noticeKind<Owed & { code: string; amount: string; interest: string }>(
    outbox,
    notifications,
    'notify.staking',
    (owed, { key }) => {
      const principal = fromUnits(BigInt(owed.amount), 'QMGT');
      const interest = fromUnits(BigInt(owed.interest), 'QMGT');
      return {
        userId: owed.userId,
        kind: 'staking',
        key,
        title: `Stake ${owed.code} matured`,
        body: `${principal} QMGT and ${interest} QMGT of interest are back in your wallet.`,
        link: '/staking',
      };
    },
  );

  noticeKind<Owed & { amount: string }>(outbox, notifications, 'notify.settled', (owed, { key }) => {
    const qmgt = fromUnits(BigInt(owed.amount), 'QMGT');
    return {
      userId: owed.userId,
      kind: 'purchase',
      key,
      title: `${qmgt} QMGT settled on chain`,
      body: `Your ${qmgt} QMGT is final on chain at your wallet address.`,
      link: '/transactions',
    };
  });
}

import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { amount } from '../../lib/mail-layout.js';
import { usersService } from '../users/index.js';
import { giftInvitationMail, giftReceivedMail, giftReturnedMail } from './gifts.mails.js';
import { giftsRoutes } from './gifts.routes.js';
import {
  GIFT_CLAIM,
  GIFT_INVITED,
  GIFT_RECEIVED,
  GIFT_RETURNED,
  createGiftsService,
  type GiftsService,
} from './gifts.service.js';

declare module '../../services.js' {
  interface Services {
    gifts: GiftsService;
  }
}

/** How often waiting gifts past their 30 days return to their senders. */
const EXPIRY_MS = 60_000;
/** How often the claims a missed KYC event left are looked for (the event claims at once). */
const CLAIMS_MS = 5 * 60_000;

/**
 * Gift gold (operation types gift_send, gift_claim, gift_return; decision 021): the quote and
 * the gift, the list, the claim when an invited address is verified, the return of unclaimed
 * gifts, and the notifications and mails of each.
 */
export default fp(
  async (app) => {
    const { money, market, ledger, transactions, kyc, mail, notifications } = app.services;
    const db = app.database.db;
    const gifts = createGiftsService({ db, money, market, ledger, transactions, kyc });
    app.services.gifts = gifts;
    const link = '/gifts';

    // A gift in the recipient's GSA (sent to them, or claimed): their notification and e-mail.
    app.outbox.handle<{ id: string }>(GIFT_RECEIVED, async (owed, delivery) => {
      const row = await gifts.row(owed.id);
      if (!row?.recipientId || row.status !== 'claimed') return;
      const recipient = await usersService.findById(db, row.recipientId);
      if (!recipient) return;
      const wire = await gifts.toWire(row, recipient.id);
      await notifications.deliver(
        {
          userId: recipient.id,
          kind: 'gift',
          key: delivery.key,
          title: `You received a gift of ${amount(wire.grams, 'GOLD')} of gold`,
          body: `${wire.counterparty} gifted you ${amount(wire.grams, 'GOLD')} (${wire.code}). It is in your gold savings account.`,
          link,
        },
        () => mail.send(giftReceivedMail(recipient.email, recipient.username, app.config.publicUrl, wire)),
      );
    });
    // An address no verified customer has: the invitation, by e-mail only (no account to notify).
    app.outbox.handle<{ id: string }>(GIFT_INVITED, async (owed) => {
      const row = await gifts.row(owed.id);
      if (!row?.invitedEmail || row.status !== 'waiting') return;
      const sender = await gifts.toWire(row, row.invitedEmail);
      await mail.send(giftInvitationMail(row.invitedEmail, sender.counterparty, app.config.publicUrl, sender));
    });
    // Unclaimed after 30 days: the sender hears the grams are back.
    app.outbox.handle<{ id: string }>(GIFT_RETURNED, async (owed, delivery) => {
      const row = await gifts.row(owed.id);
      if (!row || row.status !== 'returned') return;
      const sender = await usersService.findById(db, row.senderId);
      if (!sender) return;
      const wire = await gifts.toWire(row, sender.id);
      await notifications.deliver(
        {
          userId: sender.id,
          kind: 'gift',
          key: delivery.key,
          title: `Your gift of ${amount(wire.grams, 'GOLD')} came back`,
          body: `${wire.counterparty} did not claim your gift (${wire.code}) within 30 days: the grams are back in your gold savings account.`,
          link,
        },
        () => mail.send(giftReturnedMail(sender.email, sender.username, app.config.publicUrl, wire)),
      );
    });
    // A customer verified with gifts waiting for their address (sql/gifts_owe_claim.sql).
    app.outbox.handle<{ userId: string }>(GIFT_CLAIM, async (owed) => {
      await gifts.claimFor(owed.userId);
    });

    // One pass a period across processes; each return and claim is conditional on the gift
    // still waiting (its row locked), so two passes at once settle a gift once.
    app.schedule.every('gifts.expiry', { everyMs: EXPIRY_MS }, async () => void (await gifts.returnDue()));
    app.schedule.every('gifts.claims', { everyMs: CLAIMS_MS }, async () => void (await gifts.runClaims()));

    await app.register(giftsRoutes, { prefix: API_BASE, gifts });
  },
  {
    name: 'module:gifts',
    dependencies: [
      'auth',
      'idempotency',
      'outbox',
      'schedule',
      'module:money',
      'module:market',
      'module:ledger',
      'module:transactions',
      'module:notifications',
    ],
  },
);

import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { toUnits } from '@qmgt/contracts';
import { escrowUntil } from '../modules/gifts/gifts.rules.js';
import { sqlRulesDatabase } from '../test/sql-rules-database.js';

/*
 * Gift gold's escrow (decision 021), scenario by scenario against the operations themselves
 * (money_op_gift_send, _claim, _return): who may claim grams waiting for an address and until
 * when, when they return, and that whichever settles a gift first is the only one to book.
 */

const { k } = sqlRulesDatabase();

const g = (grams: string) => toUnits(grams, 'GOLD');
const SENT = new Date('2027-03-01T12:00:00.000Z');
const DUE = escrowUntil(SENT);
const before = (ms: number) => new Date(DUE.getTime() - ms).toISOString();
const after = (ms: number) => new Date(DUE.getTime() + ms).toISOString();
const code = () => `GF-${randomBytes(5).toString('hex').toUpperCase()}`;

/** A sender holding 1 g in the GSA and a waiting gift of 0.4 g to a fresh address: its id and the address. */
async function waitingGift() {
  const sender = await k.customer();
  await k.rows(
    `SELECT ledger_post('test.grams', 'x', jsonb_build_array(
       jsonb_build_object('owner', NULL, 'purpose', 'gold_vault', 'asset', 'GOLD', 'amount', '-1000000'),
       jsonb_build_object('owner', $1::text, 'purpose', 'available', 'asset', 'GOLD', 'amount', '1000000')))`,
    [sender],
  );
  const email = `invited-${randomBytes(6).toString('hex')}@example.test`;
  const [quote] = await k.rows(
    `INSERT INTO gift_quotes (user_id, invited_email, grams, value, price, expires_at)
     VALUES ($1, $2, $3, 0, 0, $4) RETURNING id`,
    [sender, email, g('0.4').toString(), new Date(SENT.getTime() + 30_000)],
  );
  const sent = await k.execute({
    kind: 'gift_send',
    userId: sender,
    quoteId: quote!.id,
    code: code(),
    recipientCode: code(),
    escrowUntil: DUE.toISOString(),
    now: SENT.toISOString(),
  });
  expect(sent.status).toBe(200);
  return { sender, email, giftId: String(sent.giftId) };
}

/** A customer with `email`, verified or not. */
async function owner(email: string, verified = true) {
  const id = await k.customer();
  await k.rows(`UPDATE users SET email = $1, kyc_status = $2 WHERE id = $3`, [
    email,
    verified ? 'Verified' : 'Not Verified',
    id,
  ]);
  return id;
}

const claim = (userId: string, giftId: string, now: string) =>
  k.execute({ kind: 'gift_claim', userId, giftId, code: code(), now });
const giveBack = (userId: string, giftId: string, now: string) =>
  k.execute({ kind: 'gift_return', userId, giftId, now });
const statusOf = async (giftId: string) =>
  String((await k.rows(`SELECT status FROM gifts WHERE id = $1`, [giftId]))[0]!.status);

describe('grams waiting for an address', () => {
  it('are held in the platform escrow, not in anyone’s GSA', async () => {
    const { sender, giftId } = await waitingGift();
    expect(await k.balance(sender, 'GOLD', 'available')).toBe(g('0.6'));
    expect(await statusOf(giftId)).toBe('waiting');
    const [row] = await k.rows(`SELECT expires_at FROM gifts WHERE id = $1`, [giftId]);
    expect(new Date(String(row!.expires_at)).toISOString()).toBe('2027-03-31T12:00:00.000Z');
  });

  it.each([
    ['the verified owner of the address, a millisecond before the due time', 'claimed', true, true, before(1)],
    ['the owner of the address, not yet verified', 'not_eligible', true, false, before(1)],
    ['a verified customer with another address', 'not_eligible', false, true, before(1)],
    ['the verified owner, at the due time', 'expired', true, true, before(0)],
    ['the verified owner, after the due time', 'expired', true, true, after(1_000)],
  ])('a claim by %s: %s', async (_what, outcome, ownsAddress, verified, now) => {
    const { sender, email, giftId } = await waitingGift();
    const claimant = await owner(
      ownsAddress ? email : `other-${randomBytes(4).toString('hex')}@example.test`,
      verified,
    );
    const answer = await claim(claimant, giftId, now as string);
    expect(answer).toMatchObject({ status: 200, outcome });
    const claimed = outcome === 'claimed';
    expect(await k.balance(claimant, 'GOLD', 'available')).toBe(claimed ? g('0.4') : 0n);
    expect(await statusOf(giftId)).toBe(claimed ? 'claimed' : 'waiting');
    expect(await k.balance(sender, 'GOLD', 'available')).toBe(g('0.6'));
  });

  it.each([
    ['a second before the due time', 'not_due', before(1_000)],
    ['at the due time', 'returned', before(0)],
    ['a day after', 'returned', after(86_400_000)],
  ])('a return %s: %s', async (_when, outcome, now) => {
    const { sender, giftId } = await waitingGift();
    expect(await giveBack(sender, giftId, now)).toMatchObject({ status: 200, outcome });
    const returned = outcome === 'returned';
    expect(await k.balance(sender, 'GOLD', 'available')).toBe(returned ? g('1') : g('0.6'));
    expect(await statusOf(giftId)).toBe(returned ? 'returned' : 'waiting');
    if (returned) {
      const [tx] = await k.rows(
        `SELECT t.status::text AS status, t.failure_reason FROM transactions t JOIN gifts g ON g.sender_transaction_id = t.id WHERE g.id = $1`,
        [giftId],
      );
      expect(tx).toMatchObject({ status: 'failed' });
      const [entry] = await k.rows(
        `SELECT count(*)::int AS n FROM journal_entries WHERE type = 'GIFT.compensation' AND memo LIKE $1`,
        [`%returned`],
      );
      expect(Number(entry!.n)).toBeGreaterThan(0);
    }
  });

  it('whichever settles a gift first is the only one to book: claim then return, return then claim, twice', async () => {
    const first = await waitingGift();
    const bo = await owner(first.email);
    expect(await claim(bo, first.giftId, before(1))).toMatchObject({ outcome: 'claimed' });
    expect(await claim(bo, first.giftId, before(1))).toMatchObject({ outcome: 'settled' });
    expect(await giveBack(first.sender, first.giftId, after(1))).toMatchObject({ outcome: 'settled' });
    expect(await k.balance(bo, 'GOLD', 'available')).toBe(g('0.4'));
    expect(await k.balance(first.sender, 'GOLD', 'available')).toBe(g('0.6'));

    const second = await waitingGift();
    expect(await giveBack(second.sender, second.giftId, after(1))).toMatchObject({ outcome: 'returned' });
    expect(await giveBack(second.sender, second.giftId, after(2))).toMatchObject({ outcome: 'settled' });
    const late = await owner(second.email);
    expect(await claim(late, second.giftId, before(1))).toMatchObject({ outcome: 'settled' });
    expect(await k.balance(late, 'GOLD', 'available')).toBe(0n);
    expect(await k.balance(second.sender, 'GOLD', 'available')).toBe(g('1'));
  });

  it('a return asked for by anyone but the sender finds no gift', async () => {
    const { email, giftId } = await waitingGift();
    const bo = await owner(email);
    expect(await giveBack(bo, giftId, after(1))).toMatchObject({ status: 404 });
  });
});

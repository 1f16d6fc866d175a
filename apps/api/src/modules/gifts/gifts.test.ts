import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  GIFT_ESCROW_DAYS,
  type AnnualStatement,
  toUnits,
  type Gift,
  type GiftQuote,
  type GiftResponse,
  type GiftsResponse,
  type MailboxMessage,
  type NotificationsResponse,
  type Transaction,
} from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';
import { customerKit } from '../../test/customers.js';
import { until } from '../../test/within.js';
import { NO_RECIPIENT } from '../../lib/recipients.js';

/*
 * Gift gold through the API (decision 021): to a customer by referral code or e-mail, to an
 * address with no verified customer (escrow, the invitation, the claim when that address is
 * verified, by the KYC event or by the pass), the return of an unclaimed gift after 30 days
 * exactly once across two processes, concurrent gifts of one balance, every refusal moving
 * nothing, and the ledger check after each journey. On PostgreSQL a second API process on the
 * same database runs the passes beside the first.
 */

let t: TestApp;
let second: TestApp | undefined;
let operatorToken: string;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator());
  if (t.database.kind === 'postgres') second = await build({}, { sameDatabaseAs: t });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t.close();
});

const { send, balances, customer, verify, ledgerIsSound } = customerKit(
  () => t,
  () => operatorToken,
);
const g = (grams: string) => toUnits(grams, 'GOLD');
const gsa = async (token: string) => g((await balances(token)).GOLD.available);

/** Grams into the customer's GSA from the vault (a test's shortcut past buying them). */
async function holdGrams(userId: string, grams: string) {
  const amount = g(grams);
  await t.database.db.transaction((tx) =>
    t.app.services.ledger.post(tx, { type: 'test.grams' }, [
      { account: { platform: 'gold_vault' }, asset: 'GOLD', amount: -amount },
      { account: { userId, purpose: 'available' }, asset: 'GOLD', amount },
    ]),
  );
}

async function giver(grams: string, name = { firstName: 'Ada', lastName: 'Lovelace' }) {
  const session = await customer('0', { name });
  await holdGrams(session.user.id, grams);
  return session;
}

async function quote(token: string, body: Record<string, unknown>) {
  const res = await send('/gifts/quote', body, token, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GiftQuote>();
}

async function gift(token: string, body: Record<string, unknown>) {
  const q = await quote(token, body);
  const res = await send('/gifts', { quoteId: q.quoteId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return { quote: q, ...res.json<GiftResponse>() };
}

const giftsOf = async (token: string) => (await get(t.app, '/gifts', token)).json<GiftsResponse>().data;
const mailsTo = async (to: string) =>
  (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(to)}`)).json<MailboxMessage[]>();
const noticesOf = async (token: string) => (await get(t.app, '/notifications', token)).json<NotificationsResponse>();

/** Both processes' passes at once (on PGlite, two passes of one process race). */
const returnPasses = (at: Date) =>
  Promise.all([t.app.services.gifts.returnDue(at), (second ?? t).app.services.gifts.returnDue(at)]);
const claimPasses = (at: Date) =>
  Promise.all([t.app.services.gifts.runClaims(at), (second ?? t).app.services.gifts.runClaims(at)]);

describe('a gift to a customer', () => {
  it('by referral code: quoted with the masked name and the value, then one entry between the two GSAs', async () => {
    const ada = await giver('2');
    const jane = await customer('0', { name: { firstName: 'jane', lastName: 'doe' } });
    const q = await quote(ada.token, { recipient: jane.user.refCode, grams: '0.75', message: 'Happy birthday!' });
    expect(q).toMatchObject({ recipient: { maskedName: 'Jane D.' }, grams: '0.75', message: 'Happy birthday!' });
    expect(toUnits(q.valueUsdt, 'USDT') > 0n).toBe(true);
    expect(Date.parse(q.expiresAt) - Date.now()).toBeLessThanOrEqual(30_000);

    const key = randomUUID();
    const res = await send('/gifts', { quoteId: q.quoteId }, ada.token, key);
    expect(res.statusCode, res.body).toBe(200);
    const { gift: sent, transaction } = res.json<GiftResponse>();
    expect(sent).toMatchObject({
      direction: 'sent',
      counterparty: 'Jane D.',
      invited: false,
      grams: '0.75',
      valueUsdt: q.valueUsdt,
      message: 'Happy birthday!',
      status: 'claimed',
      expiresAt: null,
    });
    expect(transaction).toMatchObject({ type: 'GIFT', status: 'completed', assetIn: 'GOLD', amountIn: '0.75' });
    expect(transaction.code).toMatch(/^GF-/);
    expect(await gsa(ada.token)).toBe(g('1.25'));
    expect(await gsa(jane.token)).toBe(g('0.75'));

    // The same key again: the same gift, nothing moves twice.
    const replay = await send('/gifts', { quoteId: q.quoteId }, ada.token, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<GiftResponse>().gift.id).toBe(sent.id);
    expect(await gsa(ada.token)).toBe(g('1.25'));

    // Both lists; the recipient's history has the gift, and the recipient is told.
    expect((await giftsOf(jane.token))[0]).toMatchObject({
      id: sent.id,
      direction: 'received',
      counterparty: 'Ada L.',
      status: 'claimed',
    });
    expect((await giftsOf(ada.token))[0]).toMatchObject({ id: sent.id, direction: 'sent' });
    const history = (await get(t.app, '/transactions?type=GIFT', jane.token)).json<{ data: Transaction[] }>().data;
    expect(history).toMatchObject([{ type: 'GIFT', status: 'completed', assetOut: 'GOLD', amountOut: '0.75' }]);
    const notice = await until(async () => (await noticesOf(jane.token)).data.find((n) => n.kind === 'gift'));
    expect(notice).toMatchObject({ title: 'You received a gift of 0.7500 g of gold', link: '/gifts' });
    const mail = await until(async () => (await mailsTo(jane.input.email))[0]);
    expect(mail.subject).toBe('Ada L. gifted you 0.7500 g of gold');
    expect(mail.text).toContain('Happy birthday!');
    await ledgerIsSound();
  });

  it('by e-mail, to a customer with no gold yet: their GSA is opened and credited', async () => {
    const ada = await giver('1');
    const bo = await customer('0');
    expect((await balances(bo.token)).GOLD.available).toBe('0');
    const { gift: sent } = await gift(ada.token, { recipient: ` ${bo.input.email.toUpperCase()} `, grams: '0.000001' });
    expect(sent.status).toBe('claimed');
    expect(await gsa(bo.token)).toBe(1n);
    await ledgerIsSound();
  });
});

describe('a gift to an address with no verified customer', () => {
  it('waits in escrow, invites the address, shows as waiting to its new owner, and is claimed when verified', async () => {
    const ada = await giver('1');
    const email = `friend_${randomUUID().slice(0, 8)}@example.com`;
    const q = await quote(ada.token, { recipient: email, grams: '0.5', message: 'For your savings' });
    expect(q.recipient).toEqual({ invited: true });
    const { gift: sent, transaction } = await gift(ada.token, { recipient: email, grams: '0.5' });
    expect(sent).toMatchObject({ status: 'waiting', invited: true, direction: 'sent', grams: '0.5' });
    expect(sent.counterparty).toBe(`fr***@example.com`);
    const expiry = Date.parse(sent.expiresAt!) - Date.parse(sent.createdAt);
    expect(expiry).toBe(GIFT_ESCROW_DAYS * 86_400_000);
    expect(transaction).toMatchObject({ type: 'GIFT', status: 'completed', amountIn: '0.5' });
    expect(await gsa(ada.token)).toBe(g('0.5'));

    const invitation = await until(async () => (await mailsTo(email))[0]);
    expect(invitation.subject).toBe('Ada L. gifted you 0.5000 g of gold');
    expect(invitation.text).toContain('/signup');

    // The address signs up: the gift shows, waiting for verification; nothing is credited yet.
    const bo = await signedInUser(t.app, { email });
    expect((await giftsOf(bo.token))[0]).toMatchObject({
      id: sent.id,
      direction: 'received',
      status: 'waiting',
      counterparty: 'Ada L.',
    });
    expect(await gsa(bo.token)).toBe(0n);
    // Verified (the KYC decision): the claim owed in its transaction credits the grams.
    await verify(bo.user.id);
    await until(async () => ((await gsa(bo.token)) === g('0.5') ? true : undefined));
    expect((await giftsOf(bo.token))[0]).toMatchObject({ id: sent.id, status: 'claimed' });
    expect((await giftsOf(ada.token))[0]).toMatchObject({ id: sent.id, status: 'claimed', counterparty: 'U***' });
    const notice = await until(async () => (await noticesOf(bo.token)).data.find((n) => n.kind === 'gift'));
    expect(notice?.title).toBe('You received a gift of 0.5000 g of gold');
    const statement = (
      await get(t.app, `/statements/annual?year=${new Date().getUTCFullYear()}`, bo.token)
    ).json<AnnualStatement>();
    expect(statement.movements.map((m) => [m.kind, m.description])).toEqual([['GIFT', 'Gold gift received']]);
    // Later passes find nothing more to claim.
    await claimPasses(new Date());
    expect(await gsa(bo.token)).toBe(g('0.5'));
    await ledgerIsSound();
  });

  it('a claim the KYC event missed is made by the pass, once across processes', async () => {
    const ada = await giver('1');
    const email = `missed_${randomUUID().slice(0, 8)}@example.com`;
    const { gift: sent } = await gift(ada.token, { recipient: email, grams: '0.25' });
    const bo = await signedInUser(t.app, { email });
    // Verified without the trigger: as if the event had been lost.
    await t.database.executeSql('ALTER TABLE users DISABLE TRIGGER users_owe_gift_claim');
    try {
      await verify(bo.user.id);
    } finally {
      await t.database.executeSql('ALTER TABLE users ENABLE TRIGGER users_owe_gift_claim');
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(await gsa(bo.token)).toBe(0n);
    const [a, b] = await claimPasses(new Date());
    expect(a + b).toBe(1);
    expect(await gsa(bo.token)).toBe(g('0.25'));
    expect((await giftsOf(bo.token))[0]).toMatchObject({ id: sent.id, status: 'claimed' });
    await ledgerIsSound();
  });

  it('unclaimed after 30 days returns to the sender exactly once, however many passes run', async () => {
    const ada = await giver('1');
    const email = `late_${randomUUID().slice(0, 8)}@example.com`;
    const { gift: sent } = await gift(ada.token, { recipient: email, grams: '0.4' });
    expect(await gsa(ada.token)).toBe(g('0.6'));
    const due = new Date(sent.expiresAt!);

    // A second before it is due: nothing.
    expect(await returnPasses(new Date(due.getTime() - 1_000))).toEqual([0, 0]);
    expect(await gsa(ada.token)).toBe(g('0.6'));

    const [a, b] = await returnPasses(due);
    expect(a + b).toBe(1);
    expect(await returnPasses(new Date(due.getTime() + 60_000))).toEqual([0, 0]);
    expect(await gsa(ada.token)).toBe(g('1'));
    expect((await giftsOf(ada.token))[0]).toMatchObject({ id: sent.id, status: 'returned', expiresAt: null });
    const history = (await get(t.app, '/transactions?type=GIFT', ada.token)).json<{ data: Transaction[] }>().data;
    expect(history[0]).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('30 days') });
    const notice = await until(async () => (await noticesOf(ada.token)).data.find((n) => n.kind === 'gift'));
    expect(notice?.title).toBe('Your gift of 0.4000 g came back');
    // The annual statement: the send and its return are a reversal pair (the grams keep their cost).
    const statement = (
      await get(t.app, `/statements/annual?year=${new Date().getUTCFullYear()}`, ada.token)
    ).json<AnnualStatement>();
    const gifted = statement.movements.filter((m) => m.kind.startsWith('GIFT'));
    expect(gifted.map((m) => [m.description, m.status])).toEqual([
      ['Gold gift sent', 'failed'],
      ['Gold gift returned (not claimed in 30 days)', null],
    ]);

    // The address verifies afterwards: nothing left to claim.
    const bo = await signedInUser(t.app, { email });
    await verify(bo.user.id);
    await claimPasses(new Date());
    await new Promise((r) => setTimeout(r, 300));
    expect(await gsa(bo.token)).toBe(0n);
    expect((await giftsOf(bo.token)).length).toBe(0);
    await ledgerIsSound();
  });
});

describe('bad input moves nothing', () => {
  it('oneself, zero, negative, more than held, an unknown code, a foreign, used or expired quote', async () => {
    const ada = await giver('1');
    const other = await giver('1');
    const before = await gsa(ada.token);
    /** A refusal with its status, its words when given, and the request field it names (or none). */
    const refused = async (
      url: string,
      body: Record<string, unknown>,
      status: number,
      message?: string,
      field?: string | null,
    ) => {
      const res = await send(url, body, ada.token);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().error.message).toBe(message);
      if (field !== undefined) expect(res.json().error.details.field).toBe(field ?? undefined);
      return res;
    };
    const quoted = (body: Record<string, unknown>, message: string, field: string) =>
      refused('/gifts/quote', body, 422, message, field);
    await quoted({ recipient: ada.input.email, grams: '0.1' }, 'You cannot gift gold to yourself.', 'recipient');
    await quoted({ recipient: ada.user.refCode, grams: '0.1' }, 'You cannot gift gold to yourself.', 'recipient');
    await quoted({ recipient: 'NOSUCH1', grams: '0.1' }, NO_RECIPIENT, 'recipient');
    await quoted(
      { recipient: 'not-an@address', grams: '0.1' },
      'Enter a valid e-mail address or a referral code.',
      'recipient',
    );
    await quoted({ recipient: other.user.refCode, grams: '0' }, 'The grams must be more than zero.', 'grams');
    await refused('/gifts/quote', { recipient: other.user.refCode, grams: '-1' }, 400);
    await quoted({ recipient: other.user.refCode, grams: '0.0000001' }, 'Grams have at most 6 decimals.', 'grams');
    await quoted(
      { recipient: other.user.refCode, grams: '1.000001' },
      'You hold fewer grams in your gold savings account than this gift.',
      'grams',
    );

    // Another customer's quote is not found; an expired one is refused as other expired quotes.
    const theirs = await quote(other.token, { recipient: ada.user.refCode, grams: '0.1' });
    await refused('/gifts', { quoteId: theirs.quoteId }, 404);
    await refused('/gifts', { quoteId: randomUUID() }, 404);
    const old = await quote(ada.token, { recipient: other.user.refCode, grams: '0.1' });
    await t.database.executeSql(`UPDATE gift_quotes SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      old.quoteId,
    ]);
    // The quote itself is refused (expired, used, unknown): no field of the form is at fault.
    const expired = await refused('/gifts', { quoteId: old.quoteId }, 422, undefined, null);
    expect(expired.json().error.name).toBe('QuoteExpiredError');
    // Spent since the quote: refused when sent.
    const big = await quote(ada.token, { recipient: other.user.refCode, grams: '1' });
    await t.database.db.transaction((tx) =>
      t.app.services.ledger.post(tx, { type: 'test.grams' }, [
        { account: { userId: ada.user.id, purpose: 'available' }, asset: 'GOLD', amount: -1n },
        { account: { platform: 'gold_vault' }, asset: 'GOLD', amount: 1n },
      ]),
    );
    const short = await refused(
      '/gifts',
      { quoteId: big.quoteId },
      422,
      'You hold fewer grams in your gold savings account than this gift.',
      'grams',
    );
    expect(short.json().error.name).toBe('InsufficientFundsError');
    expect(await gsa(ada.token)).toBe(before - 1n);

    // A quote used once cannot be used again.
    const once = await quote(ada.token, { recipient: other.user.refCode, grams: '0.1' });
    expect((await send('/gifts', { quoteId: once.quoteId }, ada.token)).statusCode).toBe(200);
    await refused('/gifts', { quoteId: once.quoteId }, 409);
    expect(await gsa(ada.token)).toBe(before - 1n - g('0.1'));
    expect(await gsa(other.token)).toBe(g('1.1'));
    await ledgerIsSound();
  });

  it('an unverified customer cannot gift; a signed-out caller cannot list', async () => {
    const unverified = await signedInUser(t.app);
    expect((await send('/gifts/quote', { recipient: 'x@example.com', grams: '1' }, unverified.token)).statusCode).toBe(
      403,
    );
    expect((await get(t.app, '/gifts')).statusCode).toBe(401);
    expect((await get(t.app, '/gifts', unverified.token)).json<GiftsResponse>().data).toEqual([]);
  });
});

describe('concurrent gifts from one balance', () => {
  it('exactly the affordable ones go', async () => {
    const ada = await giver('1');
    const friends = await Promise.all([customer('0'), customer('0')]);
    const quotes = [];
    for (let i = 0; i < 5; i++)
      quotes.push(await quote(ada.token, { recipient: friends[i % 2]!.user.refCode, grams: '0.3' }));
    const results = await Promise.all(quotes.map((q) => send('/gifts', { quoteId: q.quoteId }, ada.token)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 422, 422]);
    for (const r of results.filter((r) => r.statusCode === 422))
      expect(r.json().error.name).toBe('InsufficientFundsError');
    expect(await gsa(ada.token)).toBe(g('0.1'));
    const received = (await gsa(friends[0]!.token)) + (await gsa(friends[1]!.token));
    expect(received).toBe(g('0.9'));
    const sent: Gift[] = await giftsOf(ada.token);
    expect(sent.length).toBe(3);
    await ledgerIsSound();
  });
});

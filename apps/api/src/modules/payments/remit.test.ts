import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { toUnits, type MailboxMessage, type RemitQuote, type Remittance } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { customerKitWithOperator } from '../../test/customers.js';
import { within } from '../../test/within.js';
import { NO_RECIPIENT } from './remit.service.js';

/*
 * Remit to save through the API: to a friend by referral code with a round-up saved as gold,
 * both sides' balances, histories and mails against the ledger; replays, concurrent spends,
 * crossing remittances, and every refusal moving nothing.
 */

let t: TestApp;
let operatorToken: string;
const {
  send,
  balances,
  customer: verifiedCustomer,
  ledgerIsSound,
} = customerKitWithOperator((built) => {
  ({ t, operatorToken } = built);
});
/** A verified customer holding `usdt`, with the name declared in the KYC form when given. */
const customer = (usdt: string, name?: { firstName: string; lastName: string }) => verifiedCustomer(usdt, { name });

async function quote(token: string, body: Record<string, unknown>) {
  const res = await send('/remit/quote', body, token, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RemitQuote>();
}

describe('a recipient look-up tells nobody which addresses are customers (issue 24)', () => {
  it('an unknown address and a customer who cannot receive yet get the very same answer', async () => {
    const gil = await customer('0');
    const unverified = await signedInUser(t.app);
    const answers = [];
    for (const recipient of [unverified.input.email, 'nobody-at-all@example.com', unverified.user.refCode, 'NOSUCH1'])
      for (const url of ['/remit/quote', '/remit']) {
        const res = await send(url, { recipient, amountUsdt: '5' }, gil.token);
        answers.push({ status: res.statusCode, body: res.json() });
      }
    expect(answers[0]).toEqual({
      status: 422,
      body: {
        error: { status: 422, name: 'UnprocessableError', message: NO_RECIPIENT, details: { field: 'recipient' } },
      },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });
});

describe('Remit to save', () => {
  it('remits 23 USDT by referral code rounded up to 25: the friend gets 23, the sender saves 2 as gold', async () => {
    const ada = await customer('100');
    const ben = await customer('0', { firstName: 'Benjamin', lastName: 'Okafor' });
    const q = await quote(ada.token, { recipient: ben.user.refCode.toLowerCase(), amountUsdt: '23', roundUpTo: 5 });
    expect(q).toMatchObject({
      recipient: { maskedName: 'Benjamin O.' },
      amountUsdt: '23',
      roundUpUsdt: '2',
      totalUsdt: '25',
      feeUsdt: '0.03',
    });
    expect(q.quoteId).toBeTruthy();
    // The masked KYC name and nothing else of the recipient (decision 010): not the username.
    expect(q.recipient).toEqual({ maskedName: 'Benjamin O.' });
    expect(JSON.stringify(q)).not.toContain(ben.user.username);
    const key = randomUUID();
    const body = { recipient: ben.user.refCode, amountUsdt: '23', roundUpTo: 5, quoteId: q.quoteId };
    const res = await send('/remit', body, ada.token, key);
    expect(res.statusCode, res.body).toBe(200);
    const { remittance, transaction } = res.json<{
      remittance: Remittance;
      transaction: { type: string; amountIn: string };
    }>();
    expect(remittance).toMatchObject({
      direction: 'sent',
      counterparty: 'Benjamin O.',
      amountUsdt: '23',
      roundUpUsdt: '2',
      grams: q.grams,
    });
    expect(transaction).toMatchObject({ type: 'REMIT', amountIn: '25' });

    const a = await balances(ada.token);
    const b = await balances(ben.token);
    expect(a.USDT.available).toBe('75');
    expect(a.GOLD.available).toBe(q.grams);
    expect(b.USDT.available).toBe('23');

    // The same request again: the first answer, nothing moves.
    const replay = await send('/remit', body, ada.token, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().remittance.id).toBe(remittance.id);
    expect((await balances(ada.token)).USDT.available).toBe('75');
    expect((await balances(ben.token)).USDT.available).toBe('23');

    // One ledger operation: both sides' transaction rows point at one journal entry, the only
    // entry the remittance wrote, and its postings move both customers' accounts.
    const sides = await t.database.executeSql(
      `SELECT s.journal_entry_id::text AS sent, r.journal_entry_id::text AS received,
              s.operation_kind AS "sentKind", r.operation_kind AS "receivedKind"
         FROM remittances m
         JOIN transactions s ON s.id = m.sender_transaction_id AND s.user_id = m.sender_id
         JOIN transactions r ON r.id = m.recipient_transaction_id AND r.user_id = m.recipient_id
        WHERE m.id = $1`,
      [remittance.id],
    );
    expect(sides.rows).toHaveLength(1);
    const { sent: sentEntry, received: receivedEntry } = sides.rows[0] as { sent: string; received: string };
    expect(sentEntry).toMatch(/^[0-9a-f-]{36}$/);
    expect(receivedEntry).toBe(sentEntry);
    // Both rows carry the kind the kernel stamps (a compensation finds its hook by it).
    expect(sides.rows[0]).toMatchObject({ sentKind: 'remit', receivedKind: 'remit' });
    const entries = await t.database.executeSql(
      `SELECT e.id::text AS id, bool_or(a.owner_user_id = $2) AS sender, bool_or(a.owner_user_id = $3) AS recipient
         FROM journal_entries e
         JOIN postings p ON p.entry_id = e.id
         JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.type = 'remit' AND e.memo = $1
        GROUP BY e.id`,
      [remittance.id, ada.user.id, ben.user.id],
    );
    expect(entries.rows).toEqual([{ id: sentEntry, sender: true, recipient: true }]);

    const sent = (await get(t.app, '/transactions?type=REMIT', ada.token)).json().data;
    const received = (await get(t.app, '/transactions?type=REMIT', ben.token)).json().data;
    expect(sent).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ type: 'REMIT', status: 'completed', assetOut: 'USDT', amountOut: '23' });
    const all = (await get(t.app, '/admin/remittances', operatorToken)).json().data;
    expect(all).toContainEqual(
      expect.objectContaining({
        code: remittance.code,
        sender: ada.user.username,
        recipient: ben.user.username,
        amountUsdt: '23',
      }),
    );
    expect((await get(t.app, '/admin/remittances', ada.token)).statusCode).toBe(403);
    const theirs = (await get(t.app, '/remittances', ben.token)).json<{ data: Remittance[] }>().data;
    expect(theirs).toEqual([
      expect.objectContaining({ direction: 'received', amountUsdt: '23', roundUpUsdt: '0', grams: '0' }),
    ]);

    await within(15_000, async () => {
      const mails = async (email: string) =>
        (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(email)}`)).json<MailboxMessage[]>();
      return (
        (await mails(ada.input.email)).some((m) => m.subject.startsWith('You sent 23.00 USDT')) &&
        (await mails(ben.input.email)).some((m) => m.subject.startsWith('You received 23.00 USDT'))
      );
    });
    await ledgerIsSound();
  });

  it('remits by e-mail without a round-up, and a quote is not needed', async () => {
    const cy = await customer('10');
    const di = await customer('0');
    const q = await quote(cy.token, { recipient: ` ${di.input.email.toUpperCase()} `, amountUsdt: '4.5' });
    expect(q).toMatchObject({ quoteId: null, roundUpUsdt: '0', totalUsdt: '4.5', grams: '0' });
    const res = await send('/remit', { recipient: di.input.email, amountUsdt: '4.5' }, cy.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await balances(di.token)).USDT.available).toBe('4.5');
    expect((await balances(cy.token)).GOLD.available).toBe('0');
  });

  it('pages remittances by key, sent and received merged, a page stable while new ones arrive', async () => {
    const ed = await customer('100', { firstName: 'Edna', lastName: 'Mode' });
    const fy = await customer('100', { firstName: 'Fay', lastName: 'Wray' });
    const remitTo = async (from: { token: string }, to: { input: { email: string } }, amount: string) => {
      const res = await send('/remit', { recipient: to.input.email, amountUsdt: amount }, from.token);
      expect(res.statusCode, res.body).toBe(200);
    };
    for (const [i, amount] of ['1', '2', '3', '4', '5'].entries())
      await (i % 2 === 0 ? remitTo(ed, fy, amount) : remitTo(fy, ed, amount));
    type Page = { data: { amountUsdt: string; direction: string; counterparty: string }[]; nextCursor: string | null };
    const page = async (cursor: string | null) => {
      const res = await get(t.app, `/remittances?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`, ed.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>();
    };
    const seen: Page['data'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current = await page(cursor);
      seen.push(...current.data);
      cursor = current.nextCursor;
      // A new remittance arrives between pages: newest first, so before the cursor, never in a later page.
      if (pages++ === 0) await remitTo(fy, ed, '6');
    } while (cursor && pages < 10);
    expect(seen.map((r) => r.amountUsdt)).toEqual(['5', '4', '3', '2', '1']);
    expect(seen.map((r) => r.direction)).toEqual(['sent', 'received', 'sent', 'received', 'sent']);
    expect(seen[1]!.counterparty).toBe('Fay W.');
    expect((await page(null)).data[0]!.amountUsdt).toBe('6');
    expect((await get(t.app, '/remittances?cursor=nope', ed.token)).statusCode).toBe(400);

    // The operator's list pages by key too.
    const admin = await get(t.app, '/admin/remittances?pageSize=1', operatorToken);
    expect(admin.statusCode, admin.body).toBe(200);
    const first = admin.json<{ data: { amountUsdt: string }[]; nextCursor: string | null }>();
    expect(first.data.map((r) => r.amountUsdt)).toEqual(['6']);
    const next = await get(t.app, `/admin/remittances?pageSize=1&cursor=${first.nextCursor}`, operatorToken);
    expect(next.json<{ data: { amountUsdt: string }[] }>().data.map((r) => r.amountUsdt)).toEqual(['5']);
  });

  it('refuses oneself, unverified and unknown recipients, more than the balance and junk amounts, moving nothing', async () => {
    const eli = await customer('20');
    const fay = await customer('0');
    const unverified = await signedInUser(t.app);
    const remit = (body: Record<string, unknown>) => send('/remit', body, eli.token);
    /** A refusal with its status, its words when given, and the request field it names (or none). */
    const expectRefused = async (
      body: Record<string, unknown>,
      status: number,
      message?: string,
      field?: string | null,
      url = '/remit',
    ) => {
      const res = url === '/remit' ? await remit(body) : await send(url, body, eli.token, null);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      if (message) expect(res.json().error.message).toContain(message);
      if (field !== undefined) expect(res.json().error.details.field).toBe(field ?? undefined);
    };
    for (const url of ['/remit/quote', '/remit']) {
      await expectRefused({ recipient: eli.user.refCode, amountUsdt: '5' }, 422, 'yourself', 'recipient', url);
      await expectRefused({ recipient: eli.input.email, amountUsdt: '5' }, 422, 'yourself', 'recipient', url);
      await expectRefused({ recipient: unverified.input.email, amountUsdt: '5' }, 422, NO_RECIPIENT, 'recipient', url);
      await expectRefused({ recipient: 'nobody@example.com', amountUsdt: '5' }, 422, NO_RECIPIENT, 'recipient', url);
      await expectRefused({ recipient: fay.user.refCode, amountUsdt: '0.5' }, 422, 'smallest', 'amountUsdt', url);
      await expectRefused({ recipient: fay.user.refCode, amountUsdt: '1.001' }, 422, 'whole cents', 'amountUsdt', url);
    }
    await expectRefused({ recipient: fay.user.refCode, amountUsdt: '20.01' }, 422, 'Insufficient USDT', 'amountUsdt');
    await expectRefused(
      { recipient: fay.user.refCode, amountUsdt: '18', roundUpTo: 10, quoteId: null },
      422,
      'quote',
      'quoteId',
    );
    for (const amountUsdt of ['-1', 'abc', '1e2', '', ' 5'])
      await expectRefused({ recipient: fay.user.refCode, amountUsdt }, 400);
    await expectRefused({ recipient: fay.user.refCode, amountUsdt: '5', roundUpTo: 3 }, 400);
    await expectRefused({ recipient: '', amountUsdt: '5' }, 400);
    // A round-up quote of someone else's cannot be used.
    const fq = await quote(fay.token, { recipient: eli.user.refCode, amountUsdt: '1.5', roundUpTo: 1 });
    await expectRefused({ recipient: fay.user.refCode, amountUsdt: '1.5', roundUpTo: 1, quoteId: fq.quoteId }, 404);
    // A quote for another round-up: a new one is needed.
    const eq = await quote(eli.token, { recipient: fay.user.refCode, amountUsdt: '1.5', roundUpTo: 1 });
    await expectRefused({ recipient: fay.user.refCode, amountUsdt: '1.5', roundUpTo: 5, quoteId: eq.quoteId }, 409);
    // Without the header it is not even read.
    expect((await send('/remit', { recipient: fay.user.refCode, amountUsdt: '5' }, eli.token, null)).statusCode).toBe(
      400,
    );

    expect((await balances(eli.token)).USDT.available).toBe('20');
    expect((await balances(fay.token)).USDT.available).toBe('0');
    expect((await get(t.app, '/remittances', eli.token)).json().data).toEqual([]);
    await ledgerIsSound();
  });

  it('concurrent remittances of one balance: only the affordable ones go; crossing ones do not deadlock', async () => {
    const gus = await customer('30');
    const hal = await customer('30');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => send('/remit', { recipient: hal.user.refCode, amountUsdt: '10' }, gus.token)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(3);
    expect((await balances(gus.token)).USDT.available).toBe('0');
    expect((await balances(hal.token)).USDT.available).toBe('60');

    const crossing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? send('/remit', { recipient: gus.user.refCode, amountUsdt: '1' }, hal.token)
          : send('/remit', { recipient: hal.user.refCode, amountUsdt: '1' }, gus.token),
      ),
    );
    expect(crossing.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    const total =
      toUnits((await balances(gus.token)).USDT.available, 'USDT') +
      toUnits((await balances(hal.token)).USDT.available, 'USDT');
    expect(total).toBe(toUnits('60', 'USDT'));
    await ledgerIsSound();
  });
});

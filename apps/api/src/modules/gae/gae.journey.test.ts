import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  toUnits,
  type GaePlanResponse,
  type GaeQuote,
  type GaeStatement,
  type MailboxMessage,
  type Termination,
  type TerminationSummary,
  type Transaction,
} from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';
import { customerKit, sendWithKey } from '../../test/customers.js';

let t: TestApp;
let operatorToken: string;
let operatorId: string;
beforeAll(async () => {
  ({ t, operatorToken, operatorId } = await buildWithOperator());
}, 120_000);
afterAll(async () => t.close());

const send = (method: 'POST' | 'PUT', url: string, body: unknown, token: string, key: string | null = randomUUID()) =>
  sendWithKey(t.app, method, url, body, token, key);
/** `customer(usdt)`: a verified customer with USDT credited by the deposit operation (no chain in this file). */
const { balances, customer, ledgerIsSound } = customerKit(
  () => t,
  () => operatorToken,
);
const plan = async (token: string) => (await get(t.app, '/gae/plan', token)).json<GaePlanResponse>();

async function buy(token: string, kind: 'GAE' | 'GAEX', amountUsdt: string) {
  const quote = await send('POST', '/gae/quote', { kind, amountUsdt }, token, null);
  expect(quote.statusCode, quote.body).toBe(200);
  const q = quote.json<GaeQuote>();
  const res = await send('POST', '/gae/purchase', { quoteId: q.quoteId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return { quote: q, transaction: res.json<{ transaction: Transaction }>().transaction };
}

/** The audit rows of operators' termination decisions about this customer, oldest first. */
async function terminationAudit(userId: string) {
  const rows = await t.database.executeSql(
    `SELECT action, actor_id, subject_id, detail FROM audit_log
     WHERE action LIKE 'gae.termination.%' AND subject_id = '${userId}' ORDER BY created_at, id`,
  );
  return rows.rows;
}

describe('GAE plan: purchase, top-up, statement, termination', () => {
  it('opens the plan with the first purchase, tops it up, states it and terminates it with approval', async () => {
    const { token, user, input } = await customer('1000');
    expect((await plan(token)).plan).toBeNull();

    // GAEX needs an open plan: refused at the quote, nothing moves.
    const early = await send('POST', '/gae/quote', { kind: 'GAEX', amountUsdt: '200' }, token, null);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/needs an open GAE plan/);

    const first = await buy(token, 'GAE', '300');
    expect(first.transaction).toMatchObject({
      type: 'GAE',
      status: 'completed',
      assetIn: 'USDT',
      amountIn: '300',
      assetOut: 'GOLD',
      amountOut: first.quote.grams,
      fee: first.quote.fee,
      price: first.quote.price,
    });
    // The price is spot x 1.03 and the fee is what was paid beyond the grams' value at spot.
    const spot = toUnits(first.quote.spot, 'USDT');
    expect(toUnits(first.quote.price, 'USDT')).toBe((spot * 10_300n + 9_999n) / 10_000n);
    expect(toUnits(first.quote.fee, 'USDT') + (toUnits(first.quote.grams, 'GOLD') * spot) / 1_000_000n).toBe(
      toUnits('300', 'USDT'),
    );

    const extra = await buy(token, 'GAEX', '200');
    expect(extra.transaction).toMatchObject({ type: 'GAEX', amountIn: '200' });
    const totalGrams = toUnits(first.quote.grams, 'GOLD') + toUnits(extra.quote.grams, 'GOLD');

    const current = (await plan(token)).plan!;
    expect(current).toMatchObject({ status: 'active', costUsdt: '500', lockedGrams: '0', terminationId: null });
    expect(toUnits(current.grams, 'GOLD')).toBe(totalGrams);
    expect(await balances(token)).toMatchObject({ USDT: { available: '500' }, GOLD: { available: '0', locked: '0' } });
    expect(toUnits((await balances(token)).GOLD.plan, 'GOLD')).toBe(totalGrams);

    // History pages read the same transactions.
    const gaeHistory = (await get(t.app, '/transactions?type=GAE', token)).json<{ data: unknown[] }>();
    const gaexHistory = (await get(t.app, '/transactions?type=GAEX', token)).json<{ data: unknown[] }>();
    expect([gaeHistory.data.length, gaexHistory.data.length]).toEqual([1, 1]);

    const statement = (await get(t.app, '/gae/statement', token)).json<GaeStatement>();
    expect(statement.openingGrams).toBe('0');
    expect(statement.rows.map((r) => [r.type, r.code, r.amountUsdt])).toEqual([
      ['GAE', first.transaction.code, '300'],
      ['GAEX', extra.transaction.code, '200'],
    ]);
    expect(toUnits(statement.closingGrams, 'GOLD')).toBe(totalGrams);
    expect(statement.rows[1]!.balanceGrams).toBe(statement.closingGrams);
    expect(statement.series).toHaveLength(1);

    const pdf = await t.app.inject({
      method: 'GET',
      url: '/api/gae/statement.pdf',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="qmgt-gae-statement-/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Termination: preview, then the form with the refund shown; the grams are locked.
    const preview = (
      await send('POST', '/gae/termination/preview', { currency: 'USDT' }, token, null)
    ).json<TerminationSummary>();
    expect(preview).toMatchObject({ planId: current.id, earlyExit: true, currency: 'USDT' });
    expect(toUnits(preview.refund, 'USDT') + toUnits(preview.earlyExitFee, 'USDT')).toBe(
      toUnits(preview.gross, 'USDT'),
    );
    const key = randomUUID();
    const filed = await send(
      'PUT',
      `/request-terminate-gae-form/${current.id}`,
      { currency: 'USDT', refund: preview.refund },
      token,
      key,
    );
    expect(filed.statusCode, filed.body).toBe(200);
    const termination = filed.json<{ termination: Termination }>().termination;
    expect(termination).toMatchObject({ status: 'requested', grams: current.grams, refundTransaction: null });
    // The same key answers the first request again; a second request is refused.
    const again = await send(
      'PUT',
      `/request-terminate-gae-form/${current.id}`,
      { currency: 'USDT', refund: preview.refund },
      token,
      key,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().termination.id).toBe(termination.id);
    const second = await send(
      'PUT',
      `/request-terminate-gae-form/${current.id}`,
      { currency: 'USDT', refund: preview.refund },
      token,
    );
    expect(second.statusCode).toBe(409);
    expect(await balances(token)).toMatchObject({ GOLD: { plan: '0', locked: current.grams } });
    expect((await plan(token)).plan).toMatchObject({ status: 'terminating', terminationId: termination.id });
    // Purchases pause while it is pending.
    expect((await send('POST', '/gae/quote', { kind: 'GAE', amountUsdt: '200' }, token, null)).statusCode).toBe(409);

    // The operator approves: the refund is paid, the plan closes, the customer is mailed.
    const queue = (await get(t.app, '/admin/terminations', operatorToken)).json<{ data: Termination[] }>();
    expect(queue.data.find((x) => x.id === termination.id)).toMatchObject({ status: 'requested' });
    const approveKey = randomUUID();
    const approved = await send('POST', `/admin/terminations/${termination.id}/approve`, {}, operatorToken, approveKey);
    expect(approved.statusCode, approved.body).toBe(200);
    const decided = approved.json<{ termination: Termination }>().termination;
    expect(decided.status).toBe('approved');
    expect(decided.refundTransaction).toMatchObject({
      type: 'TERMINATION',
      status: 'completed',
      assetOut: 'USDT',
      amountOut: preview.refund,
      fee: preview.earlyExitFee,
    });
    const refund = toUnits(preview.refund, 'USDT');
    expect(toUnits((await balances(token)).USDT.available, 'USDT')).toBe(toUnits('500', 'USDT') + refund);
    expect(await balances(token)).toMatchObject({ GOLD: { plan: '0', locked: '0' } });
    expect((await plan(token)).plan).toMatchObject({ status: 'terminated', grams: '0' });
    const summary = (await get(t.app, `/terminations/${termination.id}`, token)).json<{ termination: Termination }>();
    expect(summary.termination.status).toBe('approved');
    expect(
      (await send('POST', `/admin/terminations/${termination.id}/reject`, { reason: 'late' }, operatorToken))
        .statusCode,
    ).toBe(409);
    // The same approval sent again (a retried click) answers as before.
    const replayed = await send('POST', `/admin/terminations/${termination.id}/approve`, {}, operatorToken, approveKey);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json().termination.status).toBe('approved');
    // One audit row, naming the operator and the customer; neither the replay nor the refused reject adds one.
    expect(await terminationAudit(user.id)).toEqual([
      { action: 'gae.termination.approve', actor_id: operatorId, subject_id: user.id, detail: termination.code },
    ]);

    const mails = async () =>
      (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(input.email)}`)).json<MailboxMessage[]>();
    for (let i = 0; i < 50 && (await mails()).filter((m) => m.subject.includes('GAE')).length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));
    const subjects = (await mails()).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `We received your GAE termination request (${termination.code})`,
        `Your GAE plan is terminated (${termination.code})`,
      ]),
    );
    // Each status owed its mail once, in the operation's transaction, and both are marked sent.
    const owed = async () =>
      (await t.app.outbox.messages(`gae.termination:${termination.id}:`)).map((m) => [m.key, m.sentAt !== null]);
    for (let i = 0; i < 50 && (await owed()).some(([, sent]) => !sent); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await owed()).toEqual([
      [`gae.termination:${termination.id}:requested`, true],
      [`gae.termination:${termination.id}:approved`, true],
    ]);
    expect(user.id).toBeTruthy();
    await ledgerIsSound();

    // A terminated plan may be followed by a new one.
    await buy(token, 'GAE', '200');
    expect((await plan(token)).plan).toMatchObject({ status: 'active', costUsdt: '200' });
  });

  it('a rejection returns the grams to the plan, with the reason', async () => {
    const { token, user } = await customer('500');
    const bought = await buy(token, 'GAE', '250');
    const current = (await plan(token)).plan!;
    const preview = (
      await send('POST', '/gae/termination/preview', { currency: 'QMGT' }, token, null)
    ).json<TerminationSummary>();
    const filed = await send(
      'PUT',
      `/request-terminate-gae-form/${current.id}`,
      { currency: 'QMGT', refund: preview.refund },
      token,
    );
    const { termination } = filed.json<{ termination: Termination }>();
    expect(termination.currency).toBe('QMGT');
    const noReason = await send('POST', `/admin/terminations/${termination.id}/reject`, {}, operatorToken);
    expect(noReason.statusCode).toBe(400);
    expect(await terminationAudit(user.id)).toEqual([]);
    const rejected = await send(
      'POST',
      `/admin/terminations/${termination.id}/reject`,
      { reason: 'Identity documents expired' },
      operatorToken,
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().termination).toMatchObject({ status: 'rejected', reason: 'Identity documents expired' });
    expect(await terminationAudit(user.id)).toEqual([
      {
        action: 'gae.termination.reject',
        actor_id: operatorId,
        subject_id: user.id,
        detail: `${termination.code}: Identity documents expired`,
      },
    ]);
    expect(await balances(token)).toMatchObject({ GOLD: { plan: bought.quote.grams, locked: '0' } });
    expect((await plan(token)).plan).toMatchObject({ status: 'active', terminationId: null });
    const statement = (await get(t.app, '/gae/statement', token)).json<GaeStatement>();
    expect(statement.rows.map((r) => r.type)).toEqual(['GAE', 'TERMINATION REQUESTED', 'TERMINATION REJECTED']);
    expect(statement.rows.map((r) => r.code).slice(1)).toEqual([termination.code, termination.code]);
    expect(statement.closingGrams).toBe(bought.quote.grams);
    await ledgerIsSound();
  });
});

describe('GAE termination withdrawn by the customer (issue 23, problem 3)', () => {
  async function fileTermination(token: string) {
    const current = (await plan(token)).plan!;
    const preview = (
      await send('POST', '/gae/termination/preview', { currency: 'USDT' }, token, null)
    ).json<TerminationSummary>();
    const filed = await send(
      'PUT',
      `/request-terminate-gae-form/${current.id}`,
      { currency: 'USDT', refund: preview.refund },
      token,
    );
    expect(filed.statusCode, filed.body).toBe(200);
    return filed.json<{ termination: Termination }>().termination;
  }

  it('returns the locked grams to the plan once; a replay answers the same; nobody else can withdraw it', async () => {
    const { token } = await customer('500');
    const other = await customer('0');
    const bought = await buy(token, 'GAE', '250');
    const termination = await fileTermination(token);
    expect(await balances(token)).toMatchObject({ GOLD: { plan: '0', locked: bought.quote.grams } });

    // Another customer's id is not found, an unknown one too, and a missing key is refused: nothing moves.
    const foreign = await send('POST', `/terminations/${termination.id}/withdraw`, undefined, other.token);
    expect(foreign.statusCode).toBe(404);
    expect((await send('POST', `/terminations/${randomUUID()}/withdraw`, undefined, token)).statusCode).toBe(404);
    expect((await send('POST', '/terminations/nope/withdraw', undefined, token)).statusCode).toBe(400);
    expect((await send('POST', `/terminations/${termination.id}/withdraw`, undefined, token, null)).statusCode).toBe(
      400,
    );
    expect(await balances(token)).toMatchObject({ GOLD: { plan: '0', locked: bought.quote.grams } });

    const key = randomUUID();
    const withdrawn = await send('POST', `/terminations/${termination.id}/withdraw`, undefined, token, key);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<{ termination: Termination }>().termination).toMatchObject({
      status: 'withdrawn',
      reason: null,
    });
    const replay = await send('POST', `/terminations/${termination.id}/withdraw`, undefined, token, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json<{ termination: Termination }>().termination.status).toBe('withdrawn');
    const again = await send('POST', `/terminations/${termination.id}/withdraw`, undefined, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This termination request was already withdrawn.');

    expect(await balances(token)).toMatchObject({ GOLD: { plan: bought.quote.grams, locked: '0' } });
    expect((await plan(token)).plan).toMatchObject({ status: 'active', terminationId: null });
    // The operator can no longer decide it, and it shows among the decided requests.
    const late = await send('POST', `/admin/terminations/${termination.id}/approve`, {}, operatorToken);
    expect(late.statusCode).toBe(409);
    const statement = (await get(t.app, '/gae/statement', token)).json<GaeStatement>();
    expect(statement.rows.map((r) => r.type)).toEqual(['GAE', 'TERMINATION REQUESTED', 'TERMINATION WITHDRAWN']);
    expect(statement.closingGrams).toBe(bought.quote.grams);
    // The plan can be terminated again afterwards.
    const second = await fileTermination(token);
    expect(second.status).toBe('requested');
    await ledgerIsSound();
  });

  it('a withdrawal and an approval racing on one request: exactly one wins', async () => {
    const { token } = await customer('500');
    await buy(token, 'GAE', '250');
    const termination = await fileTermination(token);
    const [withdrawal, approval] = await Promise.all([
      send('POST', `/terminations/${termination.id}/withdraw`, undefined, token),
      send('POST', `/admin/terminations/${termination.id}/approve`, {}, operatorToken),
    ]);
    expect([withdrawal.statusCode, approval.statusCode].sort()).toEqual([200, 409]);
    const after = await balances(token);
    if (withdrawal.statusCode === 200) {
      expect(after.GOLD).toMatchObject({ locked: '0' });
      expect((await plan(token)).plan).toMatchObject({ status: 'active' });
    } else {
      expect(after.GOLD).toMatchObject({ plan: '0', locked: '0' });
      expect((await plan(token)).plan).toMatchObject({ status: 'terminated' });
    }
    await ledgerIsSound();
  });
});

describe('GAE refusals move nothing', () => {
  it('junk, negative, below-minimum, over-balance, expired and foreign quotes, foreign plans', async () => {
    const { token } = await customer('150');
    const other = await customer('500');
    // The holdings, not the gold price beside them: the sandbox price moves while the test runs.
    const holdings = async () => {
      const { spot: _spot, ...held } = await balances(token);
      return held;
    };
    const before = await holdings();
    const quote = (body: unknown) => send('POST', '/gae/quote', body, token, null);
    expect((await quote({ kind: 'GAE', amountUsdt: 'abc' })).statusCode).toBe(400);
    expect((await quote({ kind: 'GAE', amountUsdt: '-5' })).statusCode).toBe(400);
    expect((await quote({ kind: 'GOLD', amountUsdt: '200' })).statusCode).toBe(400);
    expect((await quote({ kind: 'GAE', amountUsdt: '0.0000000000000000001' })).statusCode).toBe(400);
    expect((await quote({ kind: 'GAE', amountUsdt: '0' })).statusCode).toBe(422);
    const small = await quote({ kind: 'GAE', amountUsdt: '5' });
    expect(small.statusCode).toBe(422);
    expect(small.json().error.message).toMatch(/smallest GAE purchase is worth 1 gram/);

    const big = (await quote({ kind: 'GAE', amountUsdt: '149' })).json<GaeQuote>();
    const overspend = (await quote({ kind: 'GAE', amountUsdt: '500' })).json<GaeQuote>();
    const poor = await send('POST', '/gae/purchase', { quoteId: overspend.quoteId }, token);
    expect(poor.statusCode).toBe(422);
    expect(poor.json().error.name).toBe('InsufficientFundsError');

    // Another customer's quote is unknown to this one.
    const foreign = await send('POST', '/gae/purchase', { quoteId: big.quoteId }, other.token);
    expect(foreign.statusCode).toBe(404);

    // Without a key: refused before anything.
    expect((await send('POST', '/gae/purchase', { quoteId: big.quoteId }, token, null)).statusCode).toBe(400);

    // Expired.
    await t.database.executeSql(
      `UPDATE gold_quotes SET expires_at = now() - interval '1 second' WHERE id = '${big.quoteId}'`,
    );
    const expired = await send('POST', '/gae/purchase', { quoteId: big.quoteId }, token);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.name).toBe('QuoteExpiredError');
    expect(await holdings()).toEqual(before);

    // Another user's plan and termination ids.
    await buy(other.token, 'GAE', '200');
    const otherPlan = (await plan(other.token)).plan!;
    const steal = await send(
      'PUT',
      `/request-terminate-gae-form/${otherPlan.id}`,
      { currency: 'USDT', refund: '1' },
      token,
    );
    expect(steal.statusCode).toBe(404);
    expect(
      (await send('PUT', '/request-terminate-gae-form/not-a-uuid', { currency: 'USDT', refund: '1' }, token))
        .statusCode,
    ).toBe(400);
    expect(
      (await send('PUT', `/request-terminate-gae-form/${otherPlan.id}`, { currency: 'EUR', refund: '1' }, other.token))
        .statusCode,
    ).toBe(400);
    const filed = await send(
      'PUT',
      `/request-terminate-gae-form/${otherPlan.id}`,
      { currency: 'USDT', refund: '1' },
      other.token,
    );
    expect(filed.statusCode).toBe(200);
    const { termination } = filed.json<{ termination: Termination }>();
    expect((await get(t.app, `/terminations/${termination.id}`, token)).statusCode).toBe(404);
    // A customer is not an operator.
    expect((await send('POST', `/admin/terminations/${termination.id}/approve`, {}, token)).statusCode).toBe(403);
    expect((await get(t.app, '/admin/terminations', token)).statusCode).toBe(403);
    expect(await holdings()).toEqual(before);
  });

  it('refuses a refund below the one shown (the price moved) and keeps the plan', async () => {
    const { token } = await customer('400');
    await buy(token, 'GAE', '300');
    const current = (await plan(token)).plan!;
    const res = await send(
      'PUT',
      `/request-terminate-gae-form/${current.id}`,
      { currency: 'USDT', refund: '100000' },
      token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.name).toBe('PriceMovedError');
    expect((await plan(token)).plan).toMatchObject({ status: 'active' });
  });

  it('accepts the termination form as multipart', async () => {
    const { token } = await customer('400');
    await buy(token, 'GAE', '300');
    const current = (await plan(token)).plan!;
    const boundary = 'qmgt-boundary';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="currency"\r\n\r\nUSDT\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="refund"\r\n\r\n1\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/request-terminate-gae-form/${current.id}`,
      payload: body,
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().termination.status).toBe('requested');
  });
});

export type { FastifyInstance };

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  toUnits,
  type ConvertQuote,
  type SwapQuote,
  type Termination,
  type TerminationSummary,
  type Transaction,
} from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';
import { customerKit, sendWithKey } from '../../test/customers.js';

/*
 * Convert and a QMGT termination refund on the local chain: QMGT the ledger destroys is
 * burned, QMGT it creates is minted, and the chain's supply equals the ledger's afterwards.
 */

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator({ chain: true }));
}, 120_000);
afterAll(async () => t.close());

/** A request with no Idempotency-Key unless told one. */
const send = (url: string, body: unknown, token: string, key?: string, method: 'POST' | 'PUT' = 'POST') =>
  sendWithKey(t.app, method, url, body, token, key);
const { balances, customer, faucet, buyGold, settled } = customerKit(
  () => t,
  () => operatorToken,
);

async function reconciled() {
  // Every final movement carries its place in the order of finality, so a pass finds its holder.
  const unstamped = await t.database.executeSql(
    `SELECT count(*)::int AS n FROM chain_movements WHERE status IN ('settled', 'refused') AND settled_seq IS NULL`,
  );
  expect(unstamped.rows[0]).toEqual({ n: 0 });
  // A pass from the start of the order asks the chain about every holder that ever settled.
  await t.database.executeSql(`UPDATE chain_reconciliation_marks SET position = 0 WHERE name = 'touched'`);
  const pass = await t.app.services.settlement!.reconcileAndRecord();
  expect(pass).toMatchObject({ matches: true, differences: [] });
  expect(pass.coverage!.lastPassHolders).toBeGreaterThan(0);
  const report = (await get(t.app, '/admin/chain/reconciliation', operatorToken)).json();
  expect(report).toMatchObject({ matches: true });
}

describe('Convert QMGT <-> GSA grams on chain', () => {
  it('burns QMGT into grams and mints grams back into QMGT, 0.5% fee each way', async () => {
    const { token } = await customer();
    await faucet(token, '1000');
    const buyQuote = (await send('/swap/quote', { from: 'USDT', to: 'QMGT', amount: '600' }, token)).json<SwapQuote>();
    const bought = (await send('/swap', { quoteId: buyQuote.quoteId }, token, randomUUID())).json<{
      transaction: Transaction;
    }>().transaction;
    await settled(token, bought);

    // QMGT finer than a microgram cannot become grams: 422, nothing moves.
    const fine = await send('/convert/quote', { from: 'QMGT', to: 'GOLD', amount: '1.0000001' }, token);
    expect(fine.statusCode).toBe(422);
    expect((await send('/convert/quote', { from: 'QMGT', to: 'QMGT', amount: '1' }, token)).statusCode).toBe(422);

    const quote = (await send('/convert/quote', { from: 'QMGT', to: 'GOLD', amount: '2' }, token)).json<ConvertQuote>();
    expect(quote).toMatchObject({ from: 'QMGT', to: 'GOLD', amountIn: '2', amountOut: '1.99', fee: '0.01' });
    const before = await balances(token);
    const res = await send('/convert', { quoteId: quote.quoteId }, token, randomUUID());
    expect(res.statusCode, res.body).toBe(200);
    const toGrams = res.json<{ transaction: Transaction }>().transaction;
    expect(toGrams).toMatchObject({ type: 'CONVERT', status: 'pending', assetIn: 'QMGT', assetOut: 'GOLD' });
    // A quote executes once.
    expect((await send('/convert', { quoteId: quote.quoteId }, token, randomUUID())).statusCode).toBe(409);
    const after = await balances(token);
    expect(toUnits(after.QMGT.available, 'QMGT')).toBe(toUnits(before.QMGT.available, 'QMGT') - toUnits('2', 'QMGT'));
    expect(after.GOLD.available).toBe('1.99');
    const burned = await settled(token, toGrams);
    expect(burned.explorerUrl).toMatch(/^\/explorer\/tx\/0x/);

    const back = (await send('/convert/quote', { from: 'GOLD', to: 'QMGT', amount: '1' }, token)).json<ConvertQuote>();
    expect(back).toMatchObject({ amountOut: '0.995', fee: '0.005' });
    const minted = (await send('/convert', { quoteId: back.quoteId }, token, randomUUID())).json<{
      transaction: Transaction;
    }>().transaction;
    await settled(token, minted);
    expect((await balances(token)).GOLD.available).toBe('0.99');

    // More grams than the GSA holds.
    const over = (await send('/convert/quote', { from: 'GOLD', to: 'QMGT', amount: '5' }, token)).json<ConvertQuote>();
    const poor = await send('/convert', { quoteId: over.quoteId }, token, randomUUID());
    expect(poor.statusCode).toBe(422);
    expect(poor.json().error.name).toBe('InsufficientFundsError');
    await reconciled();
  });

  it('a termination refunded in QMGT is minted to the customer', async () => {
    const { token } = await customer();
    await faucet(token, '500');
    await buyGold(token, '300');
    const plan = (await get(t.app, '/gae/plan', token)).json().plan;
    const preview = (await send('/gae/termination/preview', { currency: 'QMGT' }, token)).json<TerminationSummary>();
    const filed = await send(
      `/request-terminate-gae-form/${plan.id}`,
      { currency: 'QMGT', refund: preview.refund },
      token,
      randomUUID(),
      'PUT',
    );
    const { termination } = filed.json<{ termination: Termination }>();
    const approved = await send(`/admin/terminations/${termination.id}/approve`, {}, operatorToken, randomUUID());
    expect(approved.statusCode, approved.body).toBe(200);
    const refund = approved.json<{ termination: Termination }>().termination.refundTransaction!;
    expect(refund).toMatchObject({
      type: 'TERMINATION',
      assetOut: 'QMGT',
      amountOut: preview.refund,
      status: 'pending',
    });
    const done = await settled(token, refund);
    expect(done.txHash).toMatch(/^0x/);
    expect((await balances(token)).QMGT.available).toBe(preview.refund);
    await reconciled();
  });
});

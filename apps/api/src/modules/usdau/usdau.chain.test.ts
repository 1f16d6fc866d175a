import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits, type UsdauRequest } from '@qmgt/contracts';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import type { TestApp } from '../../test/build.js';
import { get } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';
import { customerKit } from '../../test/customers.js';
import { until } from '../../test/within.js';
import { createSettlement } from '../settlement/settlement.service.js';
import type { ChainPort } from '../../adapters/chain/port.js';

/*
 * USDAU payouts on the local chain: the one settlement sender transfers test USDAU from the
 * treasury to the customer's address, once, also when it dies between recording the signed
 * transfer and sending it, or after sending it and before following it.
 */

let t: TestApp;
let operatorToken: string;
let chain: ChainPort;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator({ chain: true }));
  chain = t.app.chain!;
}, 120_000);
afterAll(async () => t.close());

const {
  send,
  customer: verifiedCustomer,
  faucet,
  buyQmgt,
  convertToGold,
} = customerKit(
  () => t,
  () => operatorToken,
);

let customer: Awaited<ReturnType<typeof verifiedCustomer>>;
beforeAll(async () => {
  customer = await verifiedCustomer();
  const { token } = customer;
  await faucet(token, '2000');
  await buyQmgt(token, '1500');
  await convertToGold(token, '10');
}, 120_000);

/** A request of `grams` to a fresh address, approved by the operator. */
async function approvedRequest(grams: string) {
  const address = privateKeyToAccount(generatePrivateKey()).address;
  const res = await send('/request-external-usdau', { grams, address }, customer.token);
  expect(res.statusCode, res.body).toBe(200);
  const request = res.json<{ request: UsdauRequest }>().request;
  const approved = await send(`/admin/usdau-requests/${request.id}/approve`, {}, operatorToken);
  expect(approved.statusCode, approved.body).toBe(200);
  return { request, address, amount: toUnits(request.usdauAmount, 'USDAU') };
}

const requestOf = async (id: string) =>
  (await get(t.app, '/request-external-usdau', customer.token))
    .json<{ data: UsdauRequest[] }>()
    .data.find((r) => r.id === id)!;

describe('USDAU payouts on chain', () => {
  it('pays the approved USDAU to the address, then shows it sent with its explorer link', async () => {
    const treasuryBefore = await chain.balanceOf('USDAU', chain.treasury);
    const { request, address, amount } = await approvedRequest('1.5');
    const sent = await until(async () => {
      const r = await requestOf(request.id);
      return r.status === 'sent' ? r : undefined;
    });
    expect(sent.explorerUrl).toMatch(/^\/explorer\/tx\/0x[0-9a-f]{64}$/);
    expect(await chain.balanceOf('USDAU', address)).toBe(amount);
    expect(await chain.balanceOf('USDAU', chain.treasury)).toBe(treasuryBefore - amount);
    const explorer = (await get(t.app, `/explorer/tx/${sent.txHash}`)).json();
    expect(explorer.transfers?.[0] ?? explorer.tx?.transfers?.[0]).toMatchObject({ token: 'USDAU' });
    const reconciliation = (await get(t.app, '/admin/chain/reconciliation', operatorToken)).json();
    expect(reconciliation).toMatchObject({ matches: true });
    // The proof of reserves reads the chain's supply beside the ledger's.
    await t.app.services.reserves.snapshot();
    const reserves = (await get(t.app, '/reserves')).json();
    expect(reserves.onChainQmgt).toBe(reserves.ledgerQmgt);
  });

  it('a sender that died after recording the signed transfer, sent or not, pays it exactly once', async () => {
    // Only a sender made here runs from now on.
    await t.app.services.settlement!.stop();
    const sender = () =>
      createSettlement({
        database: t.database,
        db: t.database.db,
        chain,
        ledger: t.app.services.ledger,
        transactions: t.app.services.transactions,
        confirmations: 1n,
        log: t.app.log,
      });

    for (const broadcastBeforeDying of [false, true]) {
      const { request, address, amount } = await approvedRequest('0.5');
      const [row] = (
        await t.database.executeSql(
          `SELECT seq::text, transaction_id::text FROM chain_transfers WHERE to_address = $1`,
          [address],
        )
      ).rows as { seq: string; transaction_id: string }[];
      // What sendTransfer does before the crash: sign, record the bytes, (maybe) broadcast.
      const signed = await chain.signTransfer('USDAU', address, amount, await chain.pendingNonce());
      await t.database.executeSql(
        `WITH b AS (INSERT INTO chain_batches (tx_hash, nonce, status, transfer_seq, raw_tx)
                    VALUES ($1, $2, 'sent', $3::bigint, $4) RETURNING id)
         UPDATE chain_transfers SET status = 'sent', batch_id = (SELECT id FROM b), attempts = 1 WHERE seq = $3::bigint`,
        [signed.hash, signed.nonce, row!.seq, signed.raw],
      );
      await t.database.executeSql(`UPDATE transactions SET tx_hash = $1 WHERE id = $2`, [
        signed.hash,
        row!.transaction_id,
      ]);
      if (broadcastBeforeDying) await chain.broadcast(signed.raw);

      const next = sender();
      await until(async () => {
        await next.tick();
        return (await requestOf(request.id)).status === 'sent' ? true : undefined;
      });
      await next.stop();
      expect(await chain.balanceOf('USDAU', address), `broadcast before dying: ${broadcastBeforeDying}`).toBe(amount);
      expect((await requestOf(request.id)).txHash).toBe(signed.hash);
    }
  }, 90_000);
});

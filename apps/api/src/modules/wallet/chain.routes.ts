import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AmountError,
  accountAddressResponseSchema,
  apiPaths,
  explorerTxSchema,
  faucetRequestSchema,
  faucetResponseSchema,
  fromUnits,
  toUnits,
} from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import type { ChainPort } from '../../adapters/chain/port.js';
import type { DepositAddresses } from './deposit-addresses.js';

const FAUCET_MAX = toUnits('10000', 'USDT');

/** The custodial address, the sandbox faucet and the local chain's explorer data. */
export const chainRoutes: FastifyPluginAsync<{
  chain: ChainPort;
  addresses: DepositAddresses;
  sandbox: boolean;
  explorerUrl: (hash: string) => string;
}> = async (fastify, { chain, addresses, sandbox, explorerUrl }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  app.get(
    '/getAccountAddress/:userHash',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        security,
        summary: 'The caller’s custodial deposit address (own userHash only)',
        // A user hash is hex (lib/secure-tokens.ts); the pattern keeps the document exact about it.
        params: z.object({ userHash: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/, 'No such wallet.') }),
        response: { 200: accountAddressResponseSchema },
      },
    },
    async (request) => {
      const user = currentAuth(request).user;
      if (request.params.userHash !== user.userHash) throw notFound('No such wallet.');
      // The first time a customer is shown their address is when it is derived and stored for the deposit watcher.
      return { data: await addresses.ownAddress(user) };
    },
  );

  app.get(
    '/explorer/tx/:hash',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Status of a transaction on the chain',
        params: z.object({ hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Not a transaction hash') }),
        response: { 200: explorerTxSchema },
      },
    },
    async (request) => {
      const tx = await chain.explorerTx(request.params.hash as `0x${string}`);
      if (!tx) throw notFound('The chain does not know this transaction.');
      return {
        hash: tx.hash,
        status: tx.status,
        blockNumber: tx.blockNumber?.toString() ?? null,
        timestamp: tx.timestamp === null ? null : new Date(Number(tx.timestamp) * 1000).toISOString(),
        confirmations: tx.confirmations.toString(),
        from: tx.from,
        to: tx.to,
        // Both tokens have 18 decimals: amounts as exact decimal strings.
        transfers: tx.transfers.map((t) => ({
          token: t.token,
          from: t.from,
          to: t.to,
          amount: fromUnits(t.amount, 'USDT'),
        })),
      };
    },
  );

  if (sandbox && chain.kind === 'anvil') {
    app.post(
      apiPaths.devFaucet,
      {
        onRequest: app.requireUser,
        // 422: an amount outside what the faucet gives; 403: an operator, who holds no wallet.
        config: { errorStatuses: [403, 422] },
        schema: {
          tags: ['sandbox'],
          security,
          summary: 'Mint test USDT to the caller’s address on the local chain; the deposit watcher credits it',
          body: faucetRequestSchema,
          response: { 200: faucetResponseSchema },
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        // The deposit watcher credits customers' addresses only: an operator's test USDT would
        // land on chain and never show, after being told to wait for it.
        if (user.role === 'operator') {
          throw forbidden('The faucet is for customer wallets: an operator account holds no balance.');
        }
        let amount: bigint;
        try {
          amount = toUnits(request.body.amount, 'USDT');
        } catch (error) {
          if (error instanceof AmountError) throw unprocessable(`${error.message}.`, { field: 'amount' });
          throw error;
        }
        if (amount <= 0n || amount > FAUCET_MAX)
          throw unprocessable('The faucet gives between 0 and 10000 USDT at a time.', { field: 'amount' });
        const address = await addresses.ownAddress(user);
        const txHash = await chain.faucetUsdt(address, amount);
        return { txHash, explorerUrl: explorerUrl(txHash), address };
      },
    );
  }
};

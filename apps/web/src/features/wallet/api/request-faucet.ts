import { apiPaths } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

// Not in @qmgt/contracts: the API declares this sandbox answer beside its route.
const faucetResponseSchema = z.object({ txHash: z.string(), explorerUrl: z.string(), address: z.string() });
export type FaucetResponse = z.infer<typeof faucetResponseSchema>;

/**
 * POST /dev/faucet (sandbox only, bearer): mints test USDT to the caller's deposit address
 * on the local chain. The deposit watcher credits it a few seconds later, like a real deposit.
 */
export const requestFaucet = (amount: string) =>
  apiRequest(apiPaths.devFaucet, { method: 'POST', body: { asset: 'USDT', amount }, schema: faucetResponseSchema });

export const useRequestFaucet = () => useMutation({ mutationFn: requestFaucet, meta: { silent: true } });

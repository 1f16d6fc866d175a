import { apiPaths, faucetResponseSchema } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type { FaucetResponse } from '@qmgt/contracts';

/**
 * POST /dev/faucet (sandbox only, bearer): mints test USDT to the caller's deposit address
 * on the local chain. The deposit watcher credits it a few seconds later, like a real deposit.
 */
export const requestFaucet = (amount: string) =>
  apiRequest(apiPaths.devFaucet, { method: 'POST', body: { asset: 'USDT', amount }, schema: faucetResponseSchema });

export const useRequestFaucet = () => useMutation({ mutationFn: requestFaucet, meta: { silent: true } });

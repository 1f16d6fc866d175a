import { toUnits } from '@qmgt/contracts';
import { useQueryClient, useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { parseAmount } from '@/lib/money';
import { balanceQueryOptions } from '../api/get-balance';
import { requestFaucetMutation } from '../api/wallet-api';

/** What one tap on 'Get test USDT' may mint (the API allows up to 10000); the middle one is chosen first. */
export const FAUCET_AMOUNTS = ['100', '1000', '10000'] as const;
export type FaucetAmount = (typeof FAUCET_AMOUNTS)[number];
export const DEFAULT_FAUCET_AMOUNT: FaucetAmount = '1000';
/** The watcher credits within seconds; after this long the panel says it is taking a while. */
const SLOW_AFTER_MS = 45_000;

export type FaucetProgress =
  | { phase: 'idle' }
  | { phase: 'minting'; amount: FaucetAmount }
  | {
      phase: 'waiting';
      amount: FaucetAmount;
      txHash: string;
      explorerUrl: string;
      target: bigint;
      since: number;
      slow: boolean;
    }
  | { phase: 'credited'; amount: FaucetAmount; txHash: string; explorerUrl: string }
  | { phase: 'error'; message: string };

/**
 * The sandbox faucet from tap to credit: mint test USDT on the local chain, then follow the
 * balance until the deposit watcher has credited it (the USDT balance reaches what it was
 * plus the amount). `usdt` is the latest balance the caller polls while `polling` is true.
 */
export function useFaucetDeposit({ usdt, onCredited }: { usdt: string | undefined; onCredited?: () => void }) {
  const queryClient = useQueryClient();
  const faucet = useMutation(requestFaucetMutation());
  const [progress, setProgress] = useState<FaucetProgress>({ phase: 'idle' });

  const start = useCallback(
    async (amount: FaucetAmount = DEFAULT_FAUCET_AMOUNT) => {
      setProgress({ phase: 'minting', amount });
      try {
        // Fresh, not cached: the credit is recognised against what the balance really was.
        const before = await queryClient.fetchQuery({ ...balanceQueryOptions(), staleTime: 0 });
        const minted = await faucet.mutateAsync(amount);
        setProgress({
          phase: 'waiting',
          amount,
          txHash: minted.txHash,
          explorerUrl: minted.explorerUrl,
          target: toUnits(before.usdt, 'USDT') + toUnits(amount, 'USDT'),
          since: Date.now(),
          slow: false,
        });
      } catch (error) {
        setProgress({ phase: 'error', message: errorMessage(error, 'The faucet is not available right now.') });
      }
    },
    [faucet, queryClient],
  );

  const waiting = progress.phase === 'waiting' ? progress : null;
  const usdtUnits = parseAmount(usdt, 'USDT');

  useEffect(() => {
    if (!waiting || usdtUnits === null || usdtUnits < waiting.target) return;
    setProgress({
      phase: 'credited',
      amount: waiting.amount,
      txHash: waiting.txHash,
      explorerUrl: waiting.explorerUrl,
    });
    onCredited?.();
  }, [waiting, usdtUnits, onCredited]);

  useEffect(() => {
    if (!waiting || waiting.slow) return undefined;
    const timer = setTimeout(
      () => setProgress((current) => (current.phase === 'waiting' ? { ...current, slow: true } : current)),
      Math.max(0, waiting.since + SLOW_AFTER_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [waiting]);

  return { progress, start, polling: progress.phase === 'waiting', reset: () => setProgress({ phase: 'idle' }) };
}

import type { Transaction } from '@qmgt/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { paths } from '@/config/paths';
import {
  isSettled,
  TRANSACTION_POLL_MS,
  transactionDetailsQueryOptions,
} from '@/features/transactions/api/get-transaction-details';
import type { ConfirmOutcome } from '@/lib/use-quote-confirmation';
import { formatMoney } from '@/lib/money';
import { idleLoadingState, useSessionStore, type TransactionAction } from '@/lib/session-store';
import { mayRetry, moneyErrorMessage } from './money-errors';
import type { MoneyAction } from './money-actions';
import { useRefreshMoney } from './use-refresh-money';

/** A swap settles in seconds on the sandbox chain; past this the modal hands over to the details page. */
export const SETTLEMENT_WAIT_MS = 90_000;

type TransactionFlow = {
  /** What moves: says which views to read again (money-actions.ts). */
  action: MoneyAction;
  /** Sends the money-moving request; answers the booked (pending) transaction. */
  submit: () => Promise<{ transaction: Transaction }>;
  /** Under the spinner while the request runs, e.g. 'Swapping 100.00 USDT for QMGT'. */
  description: string;
  /** Where the customer goes next from the success dialog (before its 'View details'), e.g. the plan just opened. */
  next?: TransactionAction[];
  /**
   * What the success dialog says, when 'You received X for Y' would mislead: a remittance's
   * total is not what bought its gold (most of it went to the recipient).
   */
  outcome?: (settled: Transaction) => string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function received(transaction: Transaction): string {
  const { amountIn, assetIn, amountOut, assetOut } = transaction;
  if (amountOut && assetOut && amountIn && assetIn) {
    return `You received ${formatMoney(amountOut, assetOut)} for ${formatMoney(amountIn, assetIn)}.`;
  }
  return '';
}

/**
 * Runs a money-moving request through the transaction modal (SPEC.md section 4): loading while
 * it is sent and while the chain settles it (transaction details polled until completed or
 * failed), then success with the explorer link, or 'Transaction Failed' with the reason.
 */
export function useTransactionFlow() {
  const queryClient = useQueryClient();
  const refreshMoney = useRefreshMoney();

  return useCallback(
    async ({
      action,
      submit,
      description,
      next = [],
      outcome = received,
    }: TransactionFlow): Promise<ConfirmOutcome> => {
      const { setLoadingState } = useSessionStore.getState();
      setLoadingState({
        ...idleLoadingState,
        status: 'loading',
        isLoading: true,
        isClosable: false,
        descriptionMessage: description,
      });

      let booked: Transaction;
      try {
        booked = (await submit()).transaction;
      } catch (error) {
        setLoadingState({
          ...idleLoadingState,
          status: 'error',
          descriptionMessage: moneyErrorMessage(error),
        });
        refreshMoney(action);
        return mayRetry(error) ? 'retry' : 'refused';
      }

      refreshMoney(action);
      setLoadingState({ descriptionMessage: 'Booked. Waiting for the chain to confirm it…' });
      const settled = await followToFinality(booked);
      refreshMoney(action);
      const details = paths.transactionDetails.to(settled.id, settled.type);

      if (settled.status === 'failed') {
        setLoadingState({
          ...idleLoadingState,
          status: 'error',
          descriptionMessage: `${settled.failureReason ?? 'The chain refused the transaction.'} Your balance was restored.`,
        });
      } else if (settled.status === 'completed') {
        setLoadingState({
          ...idleLoadingState,
          status: 'success',
          descriptionMessage: outcome(settled),
          txHash: settled.txHash ?? '',
          explorerUrl: settled.explorerUrl ?? '',
          actions: [...next, { label: 'View details', to: details }],
        });
      } else {
        setLoadingState({
          ...idleLoadingState,
          status: 'success',
          successMessage: 'Transaction Booked',
          descriptionMessage:
            `${outcome(settled)} The chain is still confirming it; its details page follows it to the end.`.trim(),
          actions: [...next, { label: 'View details', to: details }],
        });
      }
      return 'done';

      async function followToFinality(transaction: Transaction): Promise<Transaction> {
        let latest = transaction;
        const deadline = Date.now() + SETTLEMENT_WAIT_MS;
        while (!isSettled(latest) && Date.now() < deadline && useSessionStore.getState().isAuthenticated) {
          await sleep(TRANSACTION_POLL_MS);
          try {
            const answer = await queryClient.fetchQuery({
              ...transactionDetailsQueryOptions(latest.id, latest.type),
              staleTime: 0,
              retry: false,
            });
            latest = answer.transaction;
          } catch {
            // A missed poll is asked again on the next tick, until the deadline.
          }
        }
        return latest;
      }
    },
    [queryClient, refreshMoney],
  );
}

import { useEffect } from 'react';
import { TransactionModal } from '@/components/ui/transaction-modal';
import { env } from '@/config/env';
import { useSessionStore } from '@/lib/session-store';

/**
 * The one transaction modal, driven by the session store's loadingState: a screen starts it
 * with setLoadingState({ status: 'loading', ... }) and finishes it with 'success' or 'error'.
 */
export function TransactionModalHost() {
  const loadingState = useSessionStore((s) => s.loadingState);
  const resetLoadingState = useSessionStore((s) => s.resetLoadingState);

  // Leaving the page is the same cleanup as closing the modal (SPEC.md section 4). Only when
  // there is something to clean: every store update is persisted, and an idle tab must not
  // write its (possibly stale, since logged out elsewhere) session back on the way out.
  useEffect(() => {
    const cleanup = () => {
      if (useSessionStore.getState().loadingState.status !== 'idle') resetLoadingState();
    };
    window.addEventListener('beforeunload', cleanup);
    return () => window.removeEventListener('beforeunload', cleanup);
  }, [resetLoadingState]);

  return <TransactionModal state={loadingState} explorerTxBase={env.explorerTxBase} onClose={resetLoadingState} />;
}

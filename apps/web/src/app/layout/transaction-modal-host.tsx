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

  // Leaving the page is the same cleanup as closing the modal (SPEC.md section 4).
  useEffect(() => {
    window.addEventListener('beforeunload', resetLoadingState);
    return () => window.removeEventListener('beforeunload', resetLoadingState);
  }, [resetLoadingState]);

  return <TransactionModal state={loadingState} explorerTxBase={env.explorerTxBase} onClose={resetLoadingState} />;
}

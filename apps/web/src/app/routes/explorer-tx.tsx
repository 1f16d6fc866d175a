import { useParams } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { useSandboxMode } from '@/features/sandbox/api/sandbox-api';
import { ExplorerTxView } from '@/features/wallet/components/explorer-tx-view';

/** /explorer/tx/{hash} (public): the built-in explorer of the local chain that explorer links point to. */
export function ExplorerTxRoute() {
  const { hash = '' } = useParams();
  const mode = useSandboxMode();
  return (
    <>
      <ScreenTitle>Block Explorer</ScreenTitle>
      <ExplorerTxView
        key={hash}
        hash={hash}
        networkLabel={mode === 'production' ? 'Platform chain' : 'Local sandbox chain'}
      />
    </>
  );
}

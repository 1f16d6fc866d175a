import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Code,
  Divider,
  em,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy, IconDroplet } from '@tabler/icons-react';
import { QrCode } from '@/components/ui/qr-code';
import { useState, type ReactNode } from 'react';
import { ExplorerLink, isInAppUrl } from '@/components/ui/explorer-link';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { copyWalletAddress } from '@/lib/copy-feedback';
import { formatAmount, formatPrice, formatUsd, qmgtValueInUsdt } from '@/lib/money';
import { useBalance } from '../api/get-balance';
import { goldPriceQueryOptions } from '../api/wallet-api';
import {
  DEFAULT_FAUCET_AMOUNT,
  FAUCET_AMOUNTS,
  useFaucetDeposit,
  type FaucetAmount,
  type FaucetProgress,
} from '../hooks/use-faucet-deposit';

/** How often the balance is asked while a faucet deposit is on its way. */
const DEPOSIT_POLL_MS = 1_000;

type WalletPanelProps = {
  opened: boolean;
  onClose: () => void;
  address: string | null;
  /** The API runs its sandbox services: the faucet exists. */
  sandbox: boolean;
  /**
   * A customer's wallet, credited by the deposit watcher. An operator's is not: a deposit
   * address or faucet there would take money that never shows.
   */
  holdsBalance: boolean;
  /** A faucet deposit was credited (the app refreshes what depends on it). */
  onDepositCredited?: () => void;
  /** Links the app adds under the balances (buy, history). */
  actions?: ReactNode;
};

/**
 * The wallet panel of the header: balances with the QMGT value at the sell price, the custodial
 * deposit address with its QR (200, level H) and copy, how to deposit and, in the sandbox, a
 * faucet. Its hooks live beside the modal, so a faucet deposit is followed while it is closed.
 */
export function WalletPanel({
  opened,
  onClose,
  address,
  sandbox,
  holdsBalance,
  onDepositCredited,
  actions,
}: WalletPanelProps) {
  const fullScreen = useMediaQuery(`(max-width: ${em(480)})`) ?? false;
  const balance = useBalance({ enabled: opened });
  const faucet = useFaucetDeposit({ usdt: balance.data?.usdt, onCredited: onDepositCredited });
  // Keep asking while a deposit is on its way, open or not.
  useBalance({ enabled: faucet.polling, refetchInterval: faucet.polling ? DEPOSIT_POLL_MS : false });

  return (
    <Modal opened={opened} onClose={onClose} title="Wallet" centered size="md" fullScreen={fullScreen}>
      <Stack gap="lg">
        <Balances balance={balance} />
        {actions}
        <Divider />
        {holdsBalance ? (
          <Stack gap="sm" align="center">
            <Title order={3} size="h5" w="100%">
              Deposit USDT
            </Title>
            {sandbox ? (
              <Faucet progress={faucet.progress} onStart={(amount) => void faucet.start(amount)} onNavigate={onClose} />
            ) : null}
            {address ? (
              <>
                <div className="qr-frame">
                  <QrCode value={address} size={200} level="H" title="Wallet address QR code" />
                </div>
                <Code block w="100%" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', textAlign: 'center' }}>
                  {address}
                </Code>
              </>
            ) : (
              <Text c="dimmed" ta="center">
                Your wallet address is not available yet.
              </Text>
            )}
            <Button
              fullWidth
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => void copyWalletAddress(address)}
            >
              Copy address
            </Button>
            {sandbox ? (
              // The faucet beside a warning about real networks read as if real money were involved.
              <Text size="sm" c="dimmed">
                This address is on the sandbox&apos;s local test chain: test USDT sent to it is credited like a deposit,
                and nothing sent from a real network can arrive.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Send only USDT on BNB Smart Chain (BEP-20) to this address. It is added to your balance once the network
                has confirmed the transfer, usually within a few minutes. Other tokens or networks cannot be credited.
              </Text>
            )}
          </Stack>
        ) : (
          <Alert color="blue" variant="light" title="No deposits to an operator account">
            Deposits are credited to customer accounts only: an operator account holds no balance, so it has no deposit
            address and no test USDT.
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}

function Balances({ balance }: { balance: ReturnType<typeof useBalance> }) {
  const gold = useQuery(goldPriceQueryOptions());

  if (balance.isPending) {
    return <LoadingStatus size="xs">Loading your balances…</LoadingStatus>;
  }
  if (balance.isError) {
    return <LoadFailure title="Your balances could not be loaded" query={balance} inline />;
  }

  const { usdt, qmgt } = balance.data;
  const sell = gold.data?.sell;
  const qmgtValue = sell === undefined ? null : qmgtValueInUsdt(qmgt, sell);

  return (
    <SimpleGrid cols={2} spacing="sm" role="group" aria-label="Balances">
      <Paper withBorder radius="md" p="sm">
        <Text size="xs" c="dimmed" tt="uppercase">
          USDT
        </Text>
        <Text size="xl" fw={700} ff="monospace" title={`${usdt} USDT`}>
          {formatAmount(usdt, 'USDT')}
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="sm">
        <Text size="xs" c="dimmed" tt="uppercase">
          QMGT
        </Text>
        <Text size="xl" fw={700} ff="monospace" title={`${qmgt} QMGT`}>
          {formatAmount(qmgt, 'QMGT')}
        </Text>
        <Text size="xs" c="dimmed">
          {qmgtValue !== null && sell !== undefined
            ? `≈ ${formatUsd(qmgtValue)} at ${formatPrice(sell)}/QMGT`
            : gold.isError
              ? 'Price unavailable'
              : 'Pricing…'}
        </Text>
      </Paper>
    </SimpleGrid>
  );
}

type FaucetProps = { progress: FaucetProgress; onStart: (amount: FaucetAmount) => void; onNavigate: () => void };

function Faucet({ progress, onStart, onNavigate }: FaucetProps) {
  const busy = progress.phase === 'minting' || progress.phase === 'waiting';
  const [amount, setAmount] = useState<FaucetAmount>(DEFAULT_FAUCET_AMOUNT);
  return (
    <Paper withBorder radius="md" p="sm" w="100%" style={{ borderStyle: 'dashed' }}>
      <Stack gap="xs">
        <div>
          <Text fw={600} size="sm">
            Sandbox faucet
          </Text>
          <Text size="xs" c="dimmed">
            Test USDT on the local sandbox chain, credited like a real deposit. It has no value.
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label="Test USDT amount"
            value={amount}
            onChange={(value) => setAmount(value as FaucetAmount)}
            disabled={busy}
            data={FAUCET_AMOUNTS.map((value) => ({ value, label: formatAmount(value, 'USDT').replace(/\.00$/, '') }))}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDroplet size={14} aria-hidden />}
            onClick={() => onStart(amount)}
            loading={busy}
          >
            Get test USDT
          </Button>
        </Group>
        <FaucetStatus progress={progress} onNavigate={onNavigate} />
      </Stack>
    </Paper>
  );
}

function FaucetStatus({ progress, onNavigate }: { progress: FaucetProgress; onNavigate: () => void }) {
  switch (progress.phase) {
    case 'idle':
      return null;
    case 'minting':
      return (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Sending {progress.amount} test USDT to your address…</Text>
        </Group>
      );
    case 'waiting':
      return (
        <Stack gap={2} role="status">
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Waiting for the deposit to be credited…</Text>
          </Group>
          {progress.slow ? (
            <Text size="xs" c="dimmed">
              This is taking longer than usual. It will be credited once the chain confirms it.
            </Text>
          ) : null}
          <ExplorerLink
            href={progress.explorerUrl}
            size="xs"
            onClick={isInAppUrl(progress.explorerUrl) ? onNavigate : undefined}
          >
            View the deposit on the explorer
          </ExplorerLink>
        </Stack>
      );
    case 'credited':
      return (
        <Group gap="xs" role="status">
          <IconCheck size={16} color="var(--mantine-color-teal-5)" aria-hidden />
          <Text size="sm" c="teal">
            Deposit credited: {progress.amount} USDT.
          </Text>
        </Group>
      );
    case 'error':
      return (
        <Text size="sm" c="red" role="alert">
          {progress.message}
        </Text>
      );
  }
}

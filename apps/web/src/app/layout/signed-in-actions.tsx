import { ActionIcon, Button, Group } from '@mantine/core';
import { IconCoin, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ReferralCodeModal } from '@/features/referrals/components/referral-code-modal';
import { useSandboxMode } from '@/features/sandbox/api/sandbox-api';
import { useAccountAddress } from '@/features/wallet/api/wallet-api';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';
import { referralLink, shortenAddress } from '@/lib/format';
import { selectIsKycVerified, useSessionStore } from '@/lib/session-store';
import { swapPreset } from '../money/swap-preset';
import { useRefreshMoney } from '../money/use-refresh-money';
import { useEndSession } from '../session/use-end-session';
import { LogoutConfirmModal } from './logout-confirm-modal';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { ProfileMenu } from './profile-menu';
import { useHeaderModals } from './use-header-modals';

/**
 * The signed-in header: Get $QMGT, the wallet, the bell and the profile menu with their modals.
 * Its own chunk (app-header.tsx loads it): a guest's first screen needs none of it, nor the QR
 * codes, the wallet panel and the menus it brings.
 */
export function SignedInActions({ userHash }: { userHash: string }) {
  const user = useSessionStore((s) => s.info);
  const isKycVerified = useSessionStore(selectIsKycVerified);
  const walletAddress = useAccountAddress(userHash);
  const modals = useHeaderModals();
  const sandbox = useSandboxMode() === 'sandbox';
  const refreshMoney = useRefreshMoney();
  const endSession = useEndSession();
  const [loggingOut, setLoggingOut] = useState(false);

  if (!user) return null;

  const logOut = async () => {
    setLoggingOut(true);
    await endSession({ revoke: true });
    modals.close('logout');
  };

  return (
    <Group gap="xs" wrap="nowrap">
      {/* The swap screen, set to buy QMGT with USDT. */}
      <Button
        component={Link}
        to={paths.home.to()}
        state={swapPreset('buy')}
        size="xs"
        leftSection={<IconCoin size={16} aria-hidden />}
        visibleFrom="xs"
      >
        Get $QMGT
      </Button>
      <ActionIcon
        component={Link}
        to={paths.home.to()}
        state={swapPreset('buy')}
        size="lg"
        radius="xl"
        aria-label="Get $QMGT"
        hiddenFrom="xs"
      >
        <IconCoin size={18} aria-hidden />
      </ActionIcon>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconWallet size={16} aria-hidden />}
        onClick={() => modals.open('wallet')}
        ff={walletAddress ? 'monospace' : undefined}
        title={walletAddress ?? undefined}
      >
        {walletAddress ? shortenAddress(walletAddress, 3, 4) : 'Wallet'}
      </Button>
      <NotificationsBell
        opened={modals.current === 'notification'}
        onToggle={() => modals.toggle('notification')}
        onClose={() => modals.close('notification')}
        allHref={paths.notifications.to()}
      />
      <ProfileMenu
        user={user}
        walletAddress={walletAddress}
        showMyProfile={isKycVerified}
        opened={modals.current === 'profile'}
        onOpen={() => modals.open('profile')}
        onClose={() => modals.close('profile')}
        onShowReferralCode={() => modals.open('referral')}
        onLogOut={() => modals.open('logout')}
      />
      <ReferralCodeModal
        opened={modals.current === 'referral'}
        onClose={() => modals.close('referral')}
        referralLink={referralLink(window.location.origin, user.refCode)}
        walletAddress={walletAddress}
      />
      <WalletPanel
        opened={modals.current === 'wallet'}
        onClose={() => modals.close('wallet')}
        address={walletAddress}
        sandbox={sandbox}
        // The deposit watcher credits customers only: an operator is not offered a deposit.
        holdsBalance={user.role !== 'operator'}
        onDepositCredited={() => refreshMoney('deposit')}
        actions={
          <Group gap="xs" grow>
            <Button
              component={Link}
              to={paths.home.to()}
              state={swapPreset('buy')}
              variant="light"
              size="xs"
              onClick={() => modals.close('wallet')}
            >
              Buy QMGT
            </Button>
            {isKycVerified ? (
              <Button
                component={Link}
                to={paths.transactions.to()}
                variant="default"
                size="xs"
                onClick={() => modals.close('wallet')}
              >
                Transactions
              </Button>
            ) : null}
          </Group>
        }
      />
      <LogoutConfirmModal
        opened={modals.current === 'logout'}
        onClose={() => modals.close('logout')}
        onConfirm={() => void logOut()}
        loading={loggingOut}
      />
    </Group>
  );
}

import { Avatar, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import type { KycStatus, User } from '@qmgt/contracts';
import {
  IconBuildingBank,
  IconCopy,
  IconHeadset,
  IconLogout,
  IconQrcode,
  IconShieldCheck,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePersonal } from '@/features/kyc/api/get-personal';
import { KycBadge, kycBadgeLabel, useKycBadgeTarget } from '@/features/kyc/components/kyc-badge';
import { pictureSrc } from '@/features/kyc/components/picture-uploader';
import { copyWalletAddress } from '@/lib/copy-feedback';
import { shortenAddress } from '@/lib/format';

type ProfileMenuProps = {
  user: User;
  walletAddress: string | null;
  showMyProfile: boolean;
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
  onShowReferralCode: () => void;
  onLogOut: () => void;
};

/** The operator's back-office screens, in the menu's order. */
const BACK_OFFICE = [
  { label: 'Back office', path: paths.adminKyc },
  { label: 'GAE terminations', path: paths.adminTerminations },
  { label: 'Reward requests', path: paths.rewardRequests },
  { label: 'Consultants', path: paths.adminConsultants },
  { label: 'USDAU requests', path: paths.adminUsdauRequests },
  { label: 'Vault bars', path: paths.adminVaultBars },
  { label: 'Redemptions', path: paths.adminRedemptions },
  { label: 'GDS groups', path: paths.adminGes },
  { label: 'Content and support', path: paths.adminContent },
  { label: 'Compliance', path: paths.adminCompliance },
  { label: 'Payments and remittances', path: paths.adminPayments },
] as const;

const kycItemColor: Partial<Record<KycStatus, string>> = { Pending: 'yellow', Rejected: 'red' };

/** The profile menu of SPEC.md section 2; it closes on a click outside. */
export function ProfileMenu({
  user,
  walletAddress,
  showMyProfile,
  opened,
  onOpen,
  onClose,
  onShowReferralCode,
  onLogOut,
}: ProfileMenuProps) {
  const kycTarget = useKycBadgeTarget(user.kycVerified);
  const initials = user.username.slice(0, 2).toUpperCase();
  const picture = pictureSrc(usePersonal().data?.profileLink);
  return (
    <Menu
      opened={opened}
      onChange={(next) => (next ? onOpen() : onClose())}
      position="bottom-end"
      width={280}
      shadow="md"
      withArrow
      closeOnClickOutside
    >
      <Menu.Target>
        {/* The name holds the visible initials, as WCAG 2.5.3 asks: "click SA" works by voice. */}
        <UnstyledButton aria-label={`Profile menu, ${initials}`} style={{ borderRadius: '50%' }}>
          {/* The uploaded picture once there is one (issue 14: it never reached the header). */}
          <Avatar src={picture} alt="" color="gold" variant="filled">
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu holds menu items only (axe, aria-required-children): the account's name,
            address and verified badge are text here; what acts is an item below. */}
        <Stack gap={6} p="xs">
          <Text fw={600} truncate>
            {user.username}
          </Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {walletAddress ? shortenAddress(walletAddress, 6, 4) : 'No wallet address'}
          </Text>
          {kycTarget === null ? (
            <div>
              <KycBadge status={user.kycVerified} />
            </div>
          ) : null}
        </Stack>
        <Menu.Item
          leftSection={<IconCopy size={16} aria-hidden />}
          closeMenuOnClick={false}
          onClick={() => void copyWalletAddress(walletAddress)}
        >
          Copy wallet address
        </Menu.Item>
        {kycTarget === null ? null : (
          <Menu.Item
            component={Link}
            to={kycTarget}
            color={user.kycVerified === 'Not Verified' ? undefined : kycItemColor[user.kycVerified]}
            leftSection={<IconShieldCheck size={16} aria-hidden />}
          >
            {kycBadgeLabel(user.kycVerified)}
          </Menu.Item>
        )}
        <Menu.Divider />
        {showMyProfile ? (
          <Menu.Item component={Link} to={paths.myProfile.to()} leftSection={<IconUser size={16} aria-hidden />}>
            My Profile
          </Menu.Item>
        ) : null}
        {user.role === 'operator'
          ? BACK_OFFICE.map(({ label, path }) => (
              <Menu.Item
                key={label}
                component={Link}
                to={path.to()}
                leftSection={<IconBuildingBank size={16} aria-hidden />}
              >
                {label}
              </Menu.Item>
            ))
          : null}
        <Menu.Item leftSection={<IconQrcode size={16} aria-hidden />} onClick={onShowReferralCode}>
          Show Referral Code
        </Menu.Item>
        <Menu.Item component={Link} to={paths.support.to()} leftSection={<IconHeadset size={16} aria-hidden />}>
          Support Center
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogOut}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

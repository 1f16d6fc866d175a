import { ActionIcon, Avatar, Group, Menu, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { User } from '@qmgt/contracts';
import { IconBuildingBank, IconCopy, IconHeadset, IconLogout, IconQrcode, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { KycBadge } from '@/features/kyc/components/kyc-badge';
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
        <UnstyledButton aria-label="Profile menu" style={{ borderRadius: '50%' }}>
          <Avatar color="gold" radius="xl" variant="filled">
            {user.username.slice(0, 2).toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={6} p="xs">
          <Text fw={600} truncate>
            {user.username}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" c="dimmed" ff="monospace">
              {walletAddress ? shortenAddress(walletAddress, 6, 4) : 'No wallet address'}
            </Text>
            <Tooltip label="Copy wallet address">
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label="Copy wallet address"
                onClick={() => void copyWalletAddress(walletAddress)}
              >
                <IconCopy size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          <div>
            <KycBadge status={user.kycVerified} onNavigate={onClose} />
          </div>
        </Stack>
        <Menu.Divider />
        {showMyProfile ? (
          <Menu.Item component={Link} to={paths.myProfile.to()} leftSection={<IconUser size={16} aria-hidden />}>
            My Profile
          </Menu.Item>
        ) : null}
        {user.role === 'operator' ? (
          <>
            <Menu.Item
              component={Link}
              to={paths.adminKyc.to()}
              leftSection={<IconBuildingBank size={16} aria-hidden />}
            >
              Back office
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.adminTerminations.to()}
              leftSection={<IconBuildingBank size={16} aria-hidden />}
            >
              GAE terminations
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.rewardRequests.to()}
              leftSection={<IconBuildingBank size={16} aria-hidden />}
            >
              Reward requests
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.adminConsultants.to()}
              leftSection={<IconBuildingBank size={16} aria-hidden />}
            >
              Consultants
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.adminUsdauRequests.to()}
              leftSection={<IconBuildingBank size={16} aria-hidden />}
            >
              USDAU requests
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.adminVaultBars.to()}
              leftSection={<IconBuildingBank size={16} aria-hidden />}
            >
              Vault bars
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.adminGes.to()}
              leftSection={<IconBuildingBank size={16} aria-hidden />}
            >
              GDS groups
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.adminContent.to()}
              leftSection={<IconBuildingBank size={16} aria-hidden />}
            >
              Content and support
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.adminCompliance.to()}
              leftSection={<IconBuildingBank size={16} aria-hidden />}
            >
              Compliance
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.adminPayments.to()}
              leftSection={<IconBuildingBank size={16} aria-hidden />}
            >
              Payments and remittances
            </Menu.Item>
          </>
        ) : null}
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

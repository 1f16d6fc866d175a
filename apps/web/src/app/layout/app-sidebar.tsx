import { AppShell, Divider, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ReferralPanel } from '@/features/referrals/components/referral-panel';
import { useHasUpline } from '@/features/referrals/api/growth-api';
import { referralLink } from '@/lib/format';
import { useSessionStore } from '@/lib/session-store';
import { sidebarGroups, type SidebarLink } from './sidebar-links';

type AppSidebarProps = {
  /** Icons only (the desktop's collapsed state). */
  narrow: boolean;
  /** Called after a link is followed, e.g. to close the mobile drawer. */
  onNavigate?: () => void;
};

function SidebarNavLink({
  link,
  narrow,
  active,
  onNavigate,
}: {
  link: SidebarLink;
  narrow: boolean;
  active: boolean;
  onNavigate?: () => void;
}) {
  const Icon = link.icon;
  const item = (
    <NavLink
      component={Link}
      to={link.to}
      label={narrow ? undefined : link.label}
      aria-label={narrow ? link.label : undefined}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      active={active}
      onClick={onNavigate}
      variant="light"
      styles={{
        root: {
          borderRadius: 'var(--mantine-radius-md)',
          paddingBlock: 7,
          justifyContent: narrow ? 'center' : undefined,
        },
        section: narrow ? { marginInlineEnd: 0 } : undefined,
        body: narrow ? { display: 'none' } : undefined,
      }}
    />
  );
  return narrow ? (
    <Tooltip label={link.label} position="right" withArrow>
      {item}
    </Tooltip>
  ) : (
    item
  );
}

/** Navigation for KYC-verified clients, with the referral panel at its foot. */
export function AppSidebar({ narrow, onNavigate }: AppSidebarProps) {
  const { pathname } = useLocation();
  const refCode = useSessionStore((s) => s.info?.refCode ?? '');
  const { hasUpline } = useHasUpline(true);
  const isActive = (to: string) => pathname.toLowerCase() === to.toLowerCase();

  return (
    <>
      <AppShell.Section grow component={ScrollArea} type="auto" scrollbars="y" px={narrow ? 'xs' : 'sm'} py="sm">
        <nav aria-label="Main">
          <Stack gap={narrow ? 4 : 'sm'}>
            {sidebarGroups.map((group) => {
              const links = group.links.filter((link) => !link.requiresUpline || hasUpline);
              return (
                <Stack key={group.label ?? 'main'} gap={2} role="group" aria-label={group.label ?? 'Account'}>
                  {group.label && !narrow ? (
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
                      {group.label}
                    </Text>
                  ) : null}
                  {group.label && narrow ? <Divider my={4} /> : null}
                  {links.map((link) => (
                    <SidebarNavLink
                      key={link.to}
                      link={link}
                      narrow={narrow}
                      active={isActive(link.to)}
                      onNavigate={onNavigate}
                    />
                  ))}
                </Stack>
              );
            })}
          </Stack>
        </nav>
      </AppShell.Section>
      {narrow || !refCode ? null : (
        <AppShell.Section p="sm">
          <ReferralPanel link={referralLink(window.location.origin, refCode)} />
        </AppShell.Section>
      )}
    </>
  );
}

import { ActionIcon, Button, Group } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/lib/session-store';
import { lazyComponent } from '../lazy-component';
import { useAfterFirstPaint } from './after-first-paint';
import { BrandLink } from './brand-link';
import { ShellPart } from './shell-part';

// Chunks of their own: a guest's header (the first screen's) has neither.
const SidebarToggleButton = lazyComponent(
  () => import('./sidebar-toggle'),
  (m) => m.SidebarToggleButton,
);
const SignedInActions = lazyComponent(
  () => import('./signed-in-actions'),
  (m) => m.SignedInActions,
);

/**
 * The header's chunk a session shows at once (see preloadShell in root-layout.tsx): the sidebar
 * toggle, left of the brand. The actions on the right come with the rest of the shell.
 */
export const preloadHeader = (session: { isKycVerified: boolean }) =>
  session.isKycVerified ? SidebarToggleButton.preload() : Promise.resolve();

export type SidebarToggle = {
  /** 'drawer' on mobile (burger), 'rail' on desktop (wide/narrow). */
  kind: 'drawer' | 'rail';
  opened: boolean;
  onToggle: () => void;
  label: string;
};

type AppHeaderProps = {
  /** Present when the sidebar is shown. */
  navigation?: SidebarToggle;
};

export function AppHeader({ navigation }: AppHeaderProps) {
  const user = useSessionStore((s) => (s.isAuthenticated ? s.info : null));
  // Right of the brand, so nothing moves when they appear: they come after the screen.
  const actionsReady = useAfterFirstPaint(user ? SignedInActions.preload : undefined);

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        {navigation ? (
          <ShellPart>
            <SidebarToggleButton {...navigation} />
          </ShellPart>
        ) : null}
        <BrandLink />
      </Group>
      {user ? (
        actionsReady ? (
          <ShellPart missing="Your account menu">
            <SignedInActions userHash={user.userHash} />
          </ShellPart>
        ) : null
      ) : (
        <Group gap="xs" wrap="nowrap">
          {/* SPEC.md section 2: the header also links to /support. Signed-in clients reach it
              through the profile menu; guests have no menu, so the link sits here. */}
          <Button component={Link} to={paths.support.to()} variant="subtle" color="gray" visibleFrom="xs">
            Support Center
          </Button>
          <ActionIcon
            component={Link}
            to={paths.support.to()}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Support Center"
            hiddenFrom="xs"
          >
            <IconHelpCircle size={20} aria-hidden />
          </ActionIcon>
          <Button component={Link} to={paths.signIn.to()} variant="subtle">
            Log in
          </Button>
          <Button component={Link} to={paths.signUp.to()}>
            Sign up
          </Button>
        </Group>
      )}
    </Group>
  );
}

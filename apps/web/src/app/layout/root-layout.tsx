import { TermsPrompt } from '@/features/content/components/terms';
import { AppShell, Drawer } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { selectIsKycVerified, useSessionStore } from '@/lib/session-store';
import { IdleLogout } from '../session/idle-logout';
import { SessionSync } from '../session/session-sync';
import { useClearCacheOnSignOut } from '../session/use-clear-cache-on-sign-out';
import { MOBILE_MAX_WIDTH_PX, MOBILE_MEDIA_QUERY } from '../theme';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { PageTransition } from './page-transition';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TransactionModalHost } from './transaction-modal-host';

const HEADER_HEIGHT = 64;
const SIDEBAR_WIDE = 280;
const SIDEBAR_NARROW = 76;

/**
 * The shell around every page (SPEC.md section 2 "Layout"). The sidebar is for signed-in,
 * KYC-verified clients only: wide or narrow on desktop, a slide-in drawer up to 768 px.
 */
export function RootLayout() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const showSidebar = useSessionStore(selectIsKycVerified);
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY) ?? false;
  const [narrow, { toggle: toggleNarrow }] = useDisclosure(false);
  const [drawerOpened, { toggle: toggleDrawer, close: closeDrawer }] = useDisclosure(false);
  useClearCacheOnSignOut();

  const navigation = showSidebar
    ? isMobile
      ? {
          kind: 'drawer' as const,
          opened: drawerOpened,
          onToggle: toggleDrawer,
          label: drawerOpened ? 'Close navigation' : 'Open navigation',
        }
      : {
          kind: 'rail' as const,
          opened: !narrow,
          onToggle: toggleNarrow,
          label: narrow ? 'Expand sidebar' : 'Collapse sidebar',
        }
    : undefined;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={
        showSidebar
          ? {
              width: narrow ? SIDEBAR_NARROW : SIDEBAR_WIDE,
              // On mobile the drawer below takes over; the docked sidebar stays hidden.
              breakpoint: MOBILE_MAX_WIDTH_PX + 1,
              collapsed: { mobile: true, desktop: false },
            }
          : undefined
      }
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header>
        <AppHeader navigation={navigation} />
      </AppShell.Header>

      {showSidebar ? (
        <AppShell.Navbar aria-label="Sidebar">
          <AppSidebar narrow={narrow} />
        </AppShell.Navbar>
      ) : null}

      {showSidebar && isMobile ? (
        <Drawer
          opened={drawerOpened}
          onClose={closeDrawer}
          size={300}
          title="Menu"
          padding={0}
          styles={{ header: { paddingInline: 16 } }}
        >
          <AppSidebar narrow={false} onNavigate={closeDrawer} />
        </Drawer>
      ) : null}

      {/* Focusable from script only (tabIndex -1): the skip link's target. */}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <PageTransition>
          <Outlet />
        </PageTransition>
      </AppShell.Main>

      <AppFooter />
      <TransactionModalHost />
      {isAuthenticated ? (
        <>
          <SessionSync />
          <IdleLogout />
          <TermsPrompt />
        </>
      ) : null}
    </AppShell>
  );
}

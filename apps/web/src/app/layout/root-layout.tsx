import { AppShell, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { selectIsKycVerified, useSessionStore } from '@/lib/session-store';
import { useClearCacheOnSignOut } from '../session/use-clear-cache-on-sign-out';
import { lazyComponent } from '../lazy-component';
import { ShellPart } from './shell-part';
import { ScreenLoading } from '../screen-boundary';
import { MOBILE_MAX_WIDTH_PX } from '../theme';
import { useAfterFirstPaint } from './after-first-paint';
import { AppFooter } from './app-footer';
import { AppHeader, preloadHeader } from './app-header';
import { PageTransition } from './page-transition';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useIsMobile } from './use-is-mobile';

// Chunks of their own: a guest's first screen (/signin, /) has no sidebar, no idle timer,
// no terms prompt and no transaction modal (issue 14's first-load budget).
const AppSidebar = lazyComponent(
  () => import('./app-sidebar'),
  (m) => m.AppSidebar,
);
const NavigationDrawer = lazyComponent(
  () => import('./navigation-drawer'),
  (m) => m.NavigationDrawer,
);
const TransactionModalHost = lazyComponent(
  () => import('./transaction-modal-host'),
  (m) => m.TransactionModalHost,
);
const SignedInServices = lazyComponent(
  () => import('./signed-in-services'),
  (m) => m.SignedInServices,
);

/**
 * The shell's chunks a session's first paint shows (main.tsx loads them before it). The sidebar,
 * the closed drawer and modals, the header's actions and the session's services are not among
 * them: they render as their chunk arrives, where they move nothing (vite-signed-in-chunk.ts).
 */
export function preloadShell(session: { isAuthenticated: boolean; isKycVerified: boolean }): Promise<unknown> {
  if (!session.isAuthenticated) return Promise.resolve();
  return preloadHeader(session);
}

/** The rest of the shell, asked for once the first screen has painted. */
const preloadShellLater = () =>
  Promise.allSettled([
    AppSidebar.preload(),
    NavigationDrawer.preload(),
    TransactionModalHost.preload(),
    SignedInServices.preload(),
  ]);

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
  // Money moves for signed-in clients; a state left running (another tab) still shows.
  const transactionShown = useSessionStore((s) => s.isAuthenticated || s.loadingState.status !== 'idle');
  // At the first render (see useIsMobile); the build's prerender sets it for its phone copy.
  const isMobile = useIsMobile();
  const [narrow, { toggle: toggleNarrow }] = useDisclosure(false);
  const [drawerOpened, { toggle: toggleDrawer, close: closeDrawer }] = useDisclosure(false);
  // The sidebar, the closed drawer and modals and the session's services come after the screen.
  // A guest's first screen has none of them: nothing to fetch for a guest.
  const shellReady = useAfterFirstPaint(isAuthenticated ? preloadShellLater : undefined);
  // The router loads a screen's modules before it shows the screen: the one left shown meanwhile
  // says that the next is on its way.
  const screenLoading = useNavigation().state === 'loading';
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
          {/* Off screen up to 768 px, where the drawer below takes over: not rendered there. */}
          {isMobile || !shellReady ? null : (
            <ShellPart missing="The menu">
              <AppSidebar narrow={narrow} />
            </ShellPart>
          )}
        </AppShell.Navbar>
      ) : null}

      {showSidebar && isMobile && shellReady ? (
        <ShellPart>
          <NavigationDrawer opened={drawerOpened} onClose={closeDrawer} />
        </ShellPart>
      ) : null}

      {/* Focusable from script only (tabIndex -1): the skip link's target. */}
      <AppShell.Main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        style={{ outline: 'none', position: 'relative' }}
        aria-busy={screenLoading || undefined}
      >
        {screenLoading ? (
          // Main starts under the fixed header (its padding is the header's height): below it.
          <Loader
            size="sm"
            aria-label="Loading the page"
            pos="absolute"
            top="calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-xs))"
            right={8}
          />
        ) : null}
        <PageTransition>
          {/* Lazy parts of a screen (the two trees of /, app/routes/home.tsx): a short wait shows a spinner. */}
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </PageTransition>
      </AppShell.Main>

      <AppFooter />
      {transactionShown && shellReady ? (
        <ShellPart>
          <TransactionModalHost />
        </ShellPart>
      ) : null}
      {isAuthenticated && shellReady ? (
        <ShellPart>
          <SignedInServices />
        </ShellPart>
      ) : null}
    </AppShell>
  );
}

import { act, waitFor, within } from '@testing-library/react';
import type { KycStatus } from '@qmgt/contracts';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, useSessionStore } from '@/lib/session-store';
import { buildSession } from '@/testing/factories';
import { testApi } from '@/testing/handlers';
import { fakeKyc } from '@/testing/kyc-api';
import { currentPath, renderApp, screen } from '@/testing/render-app';

const ADDRESS = '0xAbC1234567890defABC1234567890DEFabc12345';

describe('sidebar', () => {
  it('is hidden for a client whose KYC is not verified', async () => {
    renderApp('/', { session: buildSession({ kycVerified: 'Pending' }) });
    expect(await screen.findByRole('heading', { name: 'Swap' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('is hidden for guests, who get a Log in link instead', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: /Save in gold/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/signin');
  });

  it("gives guests a header link to /support, 'Support Center'", async () => {
    const { user, router } = renderApp('/');
    const header = within(screen.getByRole('banner'));
    await screen.findByRole('heading', { name: /Save in gold/ });
    // A labelled button from 576 px up, an icon below it (CSS picks one; jsdom has both).
    const links = header.getAllByRole('link', { name: 'Support Center' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/support', '/support']);
    await user.click(links[0]!);
    expect(await screen.findByRole('heading', { name: 'Support Center' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/support');
  });

  it('shows the groups and links of the specification to a verified client', async () => {
    renderApp('/', { session: buildSession({ kycVerified: 'Verified' }), upline: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const hrefs = (group: string) =>
      within(within(nav).getByRole('group', { name: group }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);

    expect(hrefs('Account')).toEqual([
      ['Dashboard', '/dashboard'],
      ['My Profile', '/My-Profile'],
      ['My Reward Center', '/My-Reward-Center'],
      ['My Affiliates', '/My-Affiliates'],
    ]);
    await screen.findByRole('link', { name: 'QMGT +' });
    expect(hrefs('Gold Convert services')).toEqual([
      ['Remit to Save', '/remit-to-save'],
      ['Gift Gold', '/gifts'],
      ['Spend To Save', '/payment'],
      ['QMGT +', '/Staking'],
      ['GDS', '/GES'],
    ]);
    expect(hrefs('Compliance')).toEqual([
      ['Nominee', '/nominee'],
      ['Bank Verification', '/BankVerification'],
    ]);
    expect(hrefs('My Assets')).toEqual([
      ['QMGT', '/transactions-buysell'],
      ['Convert', '/transactions-convert'],
      ['GAE', '/transactions-gae'],
      ['GAEX', '/transactions-gaex'],
      ['USDAU Request External', '/request-external-usdau'],
      ['Physical Redemption', '/redemptions'],
      ['Annual Statement', '/statements'],
    ]);
    expect(hrefs('More')).toEqual([
      ['Announcements', '/Announcements'],
      ['Contact Us', '/contact-us'],
    ]);
  });

  it("leaves out 'QMGT +' for a client without an upline", async () => {
    renderApp('/', { session: buildSession({ kycVerified: 'Verified' }), upline: false });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(await screen.findByRole('link', { name: 'GDS' })).toBeInTheDocument();
    expect(testApi.calls.some((call) => call.path === '/get-upline')).toBe(true);
    expect(screen.queryByRole('link', { name: 'QMGT +' })).not.toBeInTheDocument();
  });

  it('carries the referral panel: link, copy, and placeholder social links to /', async () => {
    const session = buildSession({ kycVerified: 'Verified', refCode: 'GOLD7' });
    const { user } = renderApp('/', { session });
    const panel = await screen.findByRole('region', { name: 'Referral' });
    expect(within(panel).getByText(`${window.location.origin}/register?ref=GOLD7`)).toBeInTheDocument();
    for (const social of ['Share on Facebook', 'Share on X', 'Share on Telegram', 'Share on WhatsApp']) {
      expect(within(panel).getByRole('link', { name: social })).toHaveAttribute('href', '/');
    }
    await user.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Referral link copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/register?ref=GOLD7`);
  });

  it('collapses to a narrow icon rail and back', async () => {
    const { user } = renderApp('/', { session: buildSession({ kycVerified: 'Verified' }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('Dashboard')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(within(nav).queryByText('Dashboard')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(within(nav).getByText('Dashboard')).toBeInTheDocument();
  });

  it('renders the footer hidden', async () => {
    renderApp('/');
    const footer = document.querySelector('footer');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} QMGT. All rights reserved.`);
    expect(footer).not.toBeVisible();
  });
});

describe('header', () => {
  it('shows the wallet address 3+4 on the wallet button and 6+4 in the profile menu', async () => {
    const { user } = renderApp('/', { session: buildSession(), walletAddress: ADDRESS });
    expect(await screen.findByRole('button', { name: '0xA...2345' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Profile menu/ }));
    expect(await screen.findByText('0xAbC1...2345')).toBeInTheDocument();
  });

  it('shows the initials until a profile picture is uploaded, then the picture', async () => {
    renderApp('/', { session: buildSession({ username: 'ana' }) });
    const avatar = await screen.findByRole('button', { name: /^Profile menu/ });
    expect(within(avatar).getByText('AN')).toBeInTheDocument();
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('shows the uploaded profile picture on the header avatar', async () => {
    fakeKyc.personal.profileLink = '/uploads/pictures/picture-9.png';
    renderApp('/', { session: buildSession({ username: 'ana' }) });
    const avatar = await screen.findByRole('button', { name: /^Profile menu/ });
    await waitFor(() =>
      expect(avatar.querySelector('img')?.getAttribute('src')).toMatch(/\/uploads\/pictures\/picture-9\.png$/),
    );
  });

  it("copies the wallet address: 'Wallet address copied!'", async () => {
    const { user } = renderApp('/', { session: buildSession(), walletAddress: ADDRESS });
    await screen.findByRole('button', { name: '0xA...2345' });
    await user.click(screen.getByRole('button', { name: /^Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy wallet address' }));
    expect(await screen.findByText('Wallet address copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
  });

  it('shows toasts at the bottom right, clear of the header controls', async () => {
    const { user } = renderApp('/', { session: buildSession(), walletAddress: ADDRESS });
    await screen.findByRole('button', { name: '0xA...2345' });
    await user.click(screen.getByRole('button', { name: /^Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy wallet address' }));
    const toast = await screen.findByText('Wallet address copied!');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
  });

  it("says 'No wallet address to copy!' while the wallet lookup answers 404", async () => {
    const { user } = renderApp('/', { session: buildSession() });
    const walletButton = await screen.findByRole('button', { name: 'Wallet' });
    await user.click(screen.getByRole('button', { name: /^Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy wallet address' }));
    expect(await screen.findByText('No wallet address to copy!')).toBeInTheDocument();
    // A 404 is not retried (a retry would come 1 s after the failure).
    const lookups = () => testApi.calls.filter((call) => call.path.startsWith('/getAccountAddress/')).length;
    const lookupsSoFar = lookups();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(lookups()).toBe(lookupsSoFar);
    expect(walletButton).toBeInTheDocument();
  });

  it('opens the wallet panel with the address, its QR code and copy', async () => {
    const { user } = renderApp('/', { session: buildSession(), walletAddress: ADDRESS });
    await user.click(await screen.findByRole('button', { name: '0xA...2345' }));
    const panel = await screen.findByRole('dialog', { name: 'Wallet' });
    expect(within(panel).getByText(ADDRESS)).toBeInTheDocument();
    expect(within(panel).getByTitle('Wallet address QR code')).toBeInTheDocument();
    expect(useSessionStore.getState().isWalletOpen).toBe(true);
    await user.click(within(panel).getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Wallet address copied!')).toBeInTheDocument();
  });

  it('keeps header modals mutually exclusive', async () => {
    const { user } = renderApp('/', { session: buildSession({ refCode: 'GOLD7' }), walletAddress: ADDRESS });
    await screen.findByRole('button', { name: '0xA...2345' });

    await user.click(screen.getByRole('button', { name: /^Profile menu/ }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Show Referral Code' }));
    expect(await screen.findByRole('dialog', { name: 'Referral Code' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    // Opening the wallet panel from elsewhere closes the referral modal.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Referral Code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '0xA...2345' }));
    expect(await screen.findByRole('dialog', { name: 'Wallet' })).toBeInTheDocument();
    expect(screen.queryByText('No notifications yet')).not.toBeInTheDocument();

    // A screen opening the wallet (isWalletOpen) while another header modal is up leaves one open.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Show Referral Code' }));
    await screen.findByRole('dialog', { name: 'Referral Code' });
    act(() => useSessionStore.getState().setWalletOpen(true));
    expect(
      screen
        .getAllByRole('dialog')
        .map((dialog) => dialog.getAttribute('aria-labelledby') && dialog.textContent?.slice(0, 6)),
    ).toEqual(['Wallet']);
    act(() => useSessionStore.getState().setWalletOpen(false));
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByRole('dialog', { name: 'Log Out' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
  });

  it('closes the profile menu on a click outside it', async () => {
    const { user } = renderApp('/', { session: buildSession() });
    await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Swap' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the notifications bell without a badge while nothing is unread', async () => {
    const { user } = renderApp('/', { session: buildSession() });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell.parentElement).not.toHaveTextContent('0');
    await user.click(bell);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('closes the notifications popover on Escape and on a click outside it', async () => {
    const { user } = renderApp('/', { session: buildSession() });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('No notifications yet')).not.toBeInTheDocument());
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Swap' }));
    await waitFor(() => expect(screen.queryByText('No notifications yet')).not.toBeInTheDocument());
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it("links 'Get $QMGT' to the swap screen and 'Support Center' to /support", async () => {
    const { user } = renderApp('/dashboard', { session: buildSession({ kycVerified: 'Verified' }) });
    // A labelled button from 576 px up, an icon below it (CSS picks one; jsdom has both).
    const getQmgt = await screen.findAllByRole('link', { name: 'Get $QMGT' });
    expect(getQmgt.map((link) => link.getAttribute('href'))).toEqual(['/', '/']);
    await user.click(screen.getByRole('button', { name: /^Profile menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Support Center' })).toHaveAttribute('href', '/support');
  });

  it.each([
    ['Verified', true],
    ['Pending', false],
  ] as const)('shows My Profile in the menu only when KYC is verified (%s)', async (kycVerified, shown) => {
    const { user } = renderApp('/', { session: buildSession({ kycVerified }) });
    await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    await screen.findByRole('menu');
    expect(Boolean(screen.queryByRole('menuitem', { name: 'My Profile' }))).toBe(shown);
  });
});

describe('KYC badge', () => {
  it.each<[KycStatus, string]>([
    ['Rejected', 'KYC Rejected'],
    ['Pending', 'KYC Pending'],
    ['Not Verified', 'Start KYC Verification'],
    ['Verified', 'Verified'],
  ])('reads the right text for %s', async (kycVerified, text) => {
    const { user } = renderApp('/', { session: buildSession({ kycVerified }) });
    await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    expect(await within(await screen.findByRole('menu')).findByText(text)).toBeInTheDocument();
  });

  it('links an unverified client who submitted personal details to /kyc-verification', async () => {
    fakeKyc.personal.submittedAt = '2025-03-01T10:00:00.000Z';
    const { user, router } = renderApp('/', { session: buildSession({ kycVerified: 'Not Verified' }) });
    await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    const start = await screen.findByRole('menuitem', { name: 'Start KYC Verification' });
    // Where it leads comes from GET /verification/is-verify.
    await waitFor(() => expect(start).toHaveAttribute('href', '/kyc-verification'));
    await user.click(start);
    expect(await screen.findByRole('heading', { name: 'KYC Verification' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/kyc-verification');
  });

  it('links an unverified client without personal details to the one flow, at its document', async () => {
    const { user, router } = renderApp('/', { session: buildSession({ kycVerified: 'Not Verified' }) });
    await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    // The badge leads to the one flow whatever is saved: the flow opens at the first step not done.
    await user.click(await screen.findByRole('menuitem', { name: 'Start KYC Verification' }));
    expect(await screen.findByText('Step 1 of 4: Identity document')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/kyc-verification');
  });

  it('sends the old form address, /Registration/1, to the one flow', async () => {
    const { router } = renderApp('/Registration/1', { session: buildSession({ kycVerified: 'Not Verified' }) });
    expect(await screen.findByRole('heading', { name: 'KYC Verification', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/kyc-verification');
  });

  it.each<[KycStatus]>([['Pending'], ['Rejected']])(
    'links a %s client to the verification status',
    async (kycVerified) => {
      const { user, router } = renderApp('/', { session: buildSession({ kycVerified }) });
      await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
      await user.click(
        await screen.findByRole('menuitem', { name: kycVerified === 'Pending' ? 'KYC Pending' : 'KYC Rejected' }),
      );
      expect(await screen.findByRole('heading', { name: 'KYC Verification' })).toBeInTheDocument();
      expect(currentPath(router)).toBe('/kyc-verification');
    },
  );
});

describe('referral code modal', () => {
  it('shows the referral link (origin + /register?ref= + code) and the wallet QR, each with copy', async () => {
    const { user } = renderApp('/', { session: buildSession({ refCode: 'GOLD7' }), walletAddress: ADDRESS });
    await screen.findByRole('button', { name: '0xA...2345' });
    await user.click(screen.getByRole('button', { name: /^Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Show Referral Code' }));
    const modal = await screen.findByRole('dialog', { name: 'Referral Code' });

    const link = `${window.location.origin}/register?ref=GOLD7`;
    expect(within(modal).getByText(link)).toBeInTheDocument();
    expect(
      within(modal).getByText('Share this QR code to refer your friends or request gold to your GSA.'),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Copy referral link' }));
    expect(await screen.findByText('Referral link copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);

    await user.click(within(modal).getByRole('tab', { name: 'Wallet QR Code' }));
    expect(
      await within(modal).findByText('Share this QR code to receive payments to your wallet.'),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Copy wallet address' }));
    expect(await screen.findByText('Wallet address copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
  });
});

describe('log out', () => {
  it('asks for confirmation, revokes the session, resets the store and removes the persisted token', async () => {
    const session = buildSession({ kycVerified: 'Verified' });
    const { user, router } = renderApp('/dashboard', { session });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain(session.jwt);

    await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log Out' });
    expect(within(dialog).getByText('Are you sure you want to log out?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/signin');
    const logoutCall = testApi.calls.find((call) => call.path === '/auth/logout');
    expect(logoutCall?.authorization).toBe(`Bearer ${session.jwt}`);
    const state = useSessionStore.getState();
    expect(state.isAuthenticated).toBe(false);
    expect(state.accessToken).toBeNull();
    expect(state.info).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY) ?? '').not.toContain(session.jwt);
  });

  it('stays signed in when the confirmation is cancelled', async () => {
    const { user } = renderApp('/', { session: buildSession() });
    await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Log Out' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
    expect(testApi.calls.some((call) => call.path === '/auth/logout')).toBe(false);
  });
});

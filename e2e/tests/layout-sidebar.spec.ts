import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { createVerifiedUser, pretendKycVerified, seedSession, signInViaApi, signInViaUi } from './support/users.js';

/**
 * Journey 5: the sidebar is for signed-in, KYC-verified clients only; up to 768 px it is a
 * slide-in drawer behind the burger (SPEC.md section 2 "Layout", section 9).
 */
/**
 * Nothing sticks out sideways once the page has settled. Polled: the 250 ms slide-in of a new
 * page (PageTransition, x: 24px) makes the document a few pixels wider while it runs.
 */
const noHorizontalOverflow = async (page: Page, width: number) => {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: 'page is wider than the viewport',
      timeout: 3_000,
    })
    .toBeLessThanOrEqual(width);
};

test.describe('mobile (360 x 740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a verified customer opens the drawer with the burger and closes it by a link or Escape', async ({
    page,
    request,
  }) => {
    const { credentials: me } = await createVerifiedUser(request, { prefix: 'mobile' });
    const session = await signInViaApi(request, me.username, me.password);
    await pretendKycVerified(page);
    await seedSession(page, { ...session, user: { ...session.user, kycVerified: 'Verified' } });

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
    await noHorizontalOverflow(page, 360);

    // The docked sidebar stays off screen; the drawer is closed.
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await expect(burger).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).not.toBeInViewport();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toHaveCount(0);

    await burger.click();
    await expect(drawer).toBeVisible();
    await expect(drawer).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Close navigation' })).toBeVisible();
    const nav = drawer.getByRole('navigation', { name: 'Main' });
    for (const group of ['Account', 'Gold Convert services', 'Compliance', 'My Assets', 'More']) {
      await expect(nav.getByRole('group', { name: group })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'QMGT +' })).toHaveCount(0); // no upline
    await noHorizontalOverflow(page, 360);
    await page.screenshot({ path: '/tmp/qmgt-e2e-mobile-drawer.png' });

    // Following a link closes the drawer.
    await nav.getByRole('link', { name: 'Nominee' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/nominee');
    await expect(page.getByRole('heading', { name: 'Nominee', level: 1 })).toBeVisible();

    // Escape closes it too.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // A KYC-gated page renders for the verified client.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.getByRole('link', { name: 'Dashboard' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await noHorizontalOverflow(page, 360);
  });

  test('a customer who is not KYC verified has no sidebar and is offered KYC', async ({ page, request }) => {
    const { credentials: me } = await createVerifiedUser(request, { prefix: 'unkyc' });
    await signInViaUi(page, me.username, me.password);
    await noHorizontalOverflow(page, 360);

    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Start KYC Verification' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toHaveCount(0);
    await noHorizontalOverflow(page, 360);
    await page.screenshot({ path: '/tmp/qmgt-e2e-mobile-profile-menu.png' });

    // Nothing uploaded yet: the badge starts the one KYC flow at its document.
    await menu.getByRole('menuitem', { name: 'Start KYC Verification' }).click();
    await expect(page).toHaveURL('/kyc-verification');
    await expect(page.getByRole('heading', { name: 'KYC Verification', level: 1 })).toBeVisible();
    await expect(page.getByText('Step 1 of 4: Identity document')).toBeVisible();

    // KYC-gated pages render nothing for this client.
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await expect(page.getByRole('main')).toHaveText('');
  });

  test('the public pages fit the small screen', async ({ page }) => {
    for (const path of ['/', '/signin', '/signup', '/forgot-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await noHorizontalOverflow(page, 360);
    }
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a verified customer with an upline sees the docked sidebar with QMGT +; a guest sees Log in', async ({
    page,
    request,
  }) => {
    const { user: upline } = await createVerifiedUser(request, { prefix: 'upline' });
    const { credentials: me, user: downline } = await createVerifiedUser(request, {
      prefix: 'downline',
      ref: upline.refCode,
    });

    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/signin');
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);

    await pretendKycVerified(page);
    await signInViaUi(page, me.username, me.password);
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
    const nav = sidebar.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'QMGT +' })).toHaveAttribute('href', '/Staking');
    await expect(sidebar.getByRole('region', { name: 'Referral' })).toContainText(`/register?ref=${downline.refCode}`);
    await page.screenshot({ path: '/tmp/qmgt-e2e-desktop-sidebar.png' });

    await nav.getByRole('link', { name: 'QMGT +' }).click();
    await expect(page).toHaveURL('/Staking');
    await expect(page.getByRole('heading', { name: 'Staking', level: 1 })).toBeVisible();

    // Wide and narrow.
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(nav.getByText('Dashboard', { exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(nav.getByText('Dashboard', { exact: true })).toBeVisible();
  });
});

test.describe('desktop, 800 px high', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the lower groups scroll above the referral panel, with a scrollbar in sight', async ({ page, request }) => {
    const { credentials: me } = await createVerifiedUser(request, { prefix: 'scroll' });
    await pretendKycVerified(page);
    await signInViaUi(page, me.username, me.password);
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    const referral = sidebar.getByRole('region', { name: 'Referral' });
    await expect(referral).toBeVisible();
    const contactUs = sidebar.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' });

    // At this height the last group does not fit: a scrollbar says there is more.
    const scrollbar = sidebar.locator('.mantine-ScrollArea-scrollbar[data-orientation="vertical"]');
    await expect(scrollbar).toBeVisible();
    await expect(contactUs).not.toBeInViewport();

    await contactUs.scrollIntoViewIfNeeded();
    await expect(contactUs).toBeInViewport();
    // In view and not under the referral panel: the link itself answers a click at its centre.
    const box = (await contactUs.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe('Contact Us');
    const panel = (await referral.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(panel.y);
  });
});

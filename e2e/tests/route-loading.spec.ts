import type { APIRequestContext, Page, Route } from '@playwright/test';
import { noHorizontalOverflow, verifyKycViaApi } from './support/kyc.js';
import { expect, test } from './support/test.js';
import { createVerifiedUser, seedSession, signInViaApi } from './support/users.js';

/**
 * Screens load their code on first use (react-router's `lazy`, decision 011). While a screen's
 * code is on its way the page says so (main is busy, a small spinner), and a screen whose code
 * does not arrive (the connection dropped, or a deploy replaced the file) says "This page did
 * not load" with a reload, inside the shell, instead of a blank page.
 */

/** Holds every script request until `release` is called; `drop` makes them fail instead. */
function holdScripts(page: Page) {
  const held: Route[] = [];
  let mode: 'hold' | 'drop' | 'pass' = 'hold';
  const handler = async (route: Route) => {
    if (mode === 'pass') return route.continue();
    if (mode === 'drop') return route.abort('connectionfailed');
    held.push(route);
  };
  return {
    start: () => page.route('**/assets/*.js', handler),
    held: () => held.length,
    drop: () => {
      mode = 'drop';
    },
    release: async () => {
      mode = 'pass';
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** A KYC-verified customer on the swap screen, its shell fully loaded. */
async function signedIn(page: Page, request: APIRequestContext, prefix: string) {
  const { credentials } = await createVerifiedUser(request, { prefix });
  const session = await signInViaApi(request, credentials.username, credentials.password);
  await verifyKycViaApi(request, session);
  await seedSession(page, await signInViaApi(request, credentials.username, credentials.password));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
  // The shell's later parts are in (the header's actions; on a wide screen the sidebar's links):
  // what follows only loads the next screen (CI once held the sidebar's own chunk with the rest).
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  if (page.viewportSize()!.width > 768)
    await expect(
      page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Nominee' }),
    ).toBeVisible();
}

test('a screen on its way: main is busy with a spinner, and the screen replaces it when its code arrives', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, request, 'routewait');
  const scripts = holdScripts(page);
  await scripts.start();

  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Nominee' }).click();
  const main = page.locator('main');
  await expect(main).toHaveAttribute('aria-busy', 'true');
  const spinner = main.getByLabel('Loading the page');
  await expect(spinner).toBeVisible();
  // Seen, not only there: nothing (the fixed header) covers it.
  const covered = await spinner.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return !top || !(top === element || element.contains(top));
  });
  expect(covered).toBe(false);
  expect(scripts.held()).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/qmgt-e2e-route-pending.png' });
  await page.screenshot({
    path: '/tmp/qmgt-e2e-route-pending-corner.png',
    clip: { x: 1080, y: 64, width: 200, height: 100 },
  });

  await scripts.release();
  await expect(page.getByRole('heading', { name: 'Nominee', level: 1 })).toBeVisible();
  await expect(main).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByLabel('Loading the page')).toHaveCount(0);
});

for (const width of [360, 1280]) {
  test(`a screen whose code does not arrive says so with a reload, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    await signedIn(page, request, `routefail${width}`);
    // On a phone the links are in the drawer, opened while the connection still works.
    const links =
      width < 768
        ? (await page.getByRole('button', { name: 'Open navigation' }).click(),
          page.getByRole('dialog', { name: 'Menu' }))
        : page.getByRole('navigation', { name: 'Sidebar' });
    await expect(links.getByRole('link', { name: 'Nominee' })).toBeVisible();
    const scripts = holdScripts(page);
    scripts.drop();
    await scripts.start();

    await links.getByRole('link', { name: 'Nominee' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This page did not load' });
    await expect(alert.getByRole('heading', { name: 'This page did not load', level: 1 })).toBeVisible();
    await expect(page).toHaveURL('/nominee');
    // Inside the shell: the header is still there to go elsewhere.
    // (On a phone the drawer may still be open over it, with a header of its own.)
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    // Looked at once the screen's slide-in has ended.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await page.screenshot({ path: `/tmp/qmgt-e2e-route-failed-${width}.png` });

    // The connection is back: the reload fetches a fresh document and the screen loads.
    await scripts.release();
    await alert.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { name: 'Nominee', level: 1 })).toBeVisible();
  });
}

for (const width of [360, 1280]) {
  test(`the shell whose later parts do not arrive, at ${width} px: the screen stays usable and each missing part says so`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const { credentials } = await createVerifiedUser(request, { prefix: 'shellfail' });
    const session = await signInViaApi(request, credentials.username, credentials.password);
    await verifyKycViaApi(request, session);
    await seedSession(page, await signInViaApi(request, credentials.username, credentials.password));
    // The chunk of the shell's later parts (sidebar, header actions) never arrives.
    await page.route('**/assets/signed-in-later-*.js', (route) => route.abort('connectionfailed'));
    await page.goto('/');

    await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
    // On a phone the menu is the drawer, which shows nothing until opened.
    if (width > 768) await expect(page.getByRole('alert').filter({ hasText: 'The menu did not load.' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Your account menu did not load.' })).toBeVisible();
    await noHorizontalOverflow(page, width);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
    // The screen itself still works: its amount field takes input.
    await page.getByRole('textbox', { name: 'You pay' }).fill('25');
    await expect(page.getByRole('textbox', { name: 'You pay' })).toHaveValue('25');
    await page.screenshot({ path: `/tmp/qmgt-e2e-shell-failed-${width}.png` });

    // Back online, the reload brings the whole shell.
    await page.unroute('**/assets/signed-in-later-*.js');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your account menu did not load.' })
      .getByRole('button', { name: 'Reload' })
      .click();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'did not load' })).toHaveCount(0);
  });
}

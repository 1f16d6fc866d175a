import { auditPage } from './support/a11y.js';
import { verifyKycViaApi } from './support/kyc.js';
import { expect, test } from './support/test.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/** Issue 14: the audit every journey runs, and the keyboard's short way to the page's action. */

test('the audit finds a serious violation when there is one', async ({ page }) => {
  // The audit guards every other journey: prove it can fail, on a page made to fail it.
  await page.setContent(`<!doctype html><html lang="en"><head><title>Broken</title></head><body>
    <main><p style="color:#777;background:#888">Grey on grey</p><button></button></main></body></html>`);
  const findings = await auditPage(page);
  expect(findings.map((finding) => finding.rule).sort()).toEqual(['button-name', 'color-contrast']);
  // Left as it is, the fixture's own audit at the end would fail this test: a clean page.
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Clean</title></head><body><main>ok</main></body></html>',
  );
});

test('the first Tab offers "Skip to main content": four keys from the top to the swap amount', async ({
  page,
  request,
}) => {
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'skip' });
  // KYC verified: the sidebar's twenty links sit between the header and the page.
  await verifyKycViaApi(request, await signInViaApi(request, me.email, me.password));
  await signInViaUi(page, me.username, me.password);
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();

  const skipLink = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipLink).not.toBeInViewport();
  // Start from the top of the document, as a freshly loaded page would.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
  // index.html shows an inert copy of the screen until the app's first render replaces it
  // (vite-prerender.ts): the keys are for the app.
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL('/');
  // The page's own order from there: the direction first, then the amount.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Buy QMGT' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'You pay' })).toBeFocused();
});

test('the public screens make the browser log no Content-Security-Policy violation', async ({ page }) => {
  // zod probed `new Function`, which the CSP refuses: one violation a page (issue 14).
  const cdp = await page.context().newCDPSession(page);
  const violations: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details));
  });
  await cdp.send('Audits.enable');
  for (const [path, heading] of [
    ['/signin', 'Log in'],
    ['/signup', 'Create your account'],
    ['/', 'Save in gold with QMGT'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  expect(violations).toEqual([]);
});

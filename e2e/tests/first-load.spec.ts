import type { Page } from '@playwright/test';
import { verifyKycViaApi } from './support/kyc.js';
import { expect, test } from './support/test.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/**
 * Issue 14: a session's first load. index.html's inline script asks for the signed-in chunks and
 * the first screen's GETs while the app's code downloads; the API's CSP allows that script by
 * its hash; the app then reads those answers instead of asking again.
 */
test("a session's reload asks for each first-screen GET once, early, with no CSP violation", async ({
  page,
  request,
}) => {
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'early' });
  await verifyKycViaApi(request, await signInViaApi(request, me.email, me.password));
  await signInViaUi(page, me.username, me.password);
  await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  const violations: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details));
  });
  await cdp.send('Audits.enable');
  // Every API GET with the document that asked for it (its loader): until the reload's document
  // commits, the page before it runs on and may still refresh its client record after the sign-in.
  type Sent = { path: string; loaderId: string; authorization: string | undefined; initiator: string };
  const sent: Sent[] = [];
  let reloadLoader: string | undefined;
  cdp.on('Network.requestWillBeSent', ({ request: req, initiator, type, loaderId }) => {
    if (type === 'Document') reloadLoader = loaderId;
    const path = new URL(req.url).pathname;
    if (req.method !== 'GET' || !path.startsWith('/api/')) return;
    // Which script asked: the document itself (its inline script) or a chunk.
    const by = initiator.stack?.callFrames[0]?.url ?? initiator.type;
    sent.push({ path, loaderId, authorization: req.headers.Authorization ?? req.headers.authorization, initiator: by });
  });
  await cdp.send('Network.enable');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
  // The header's actions come after the screen; the balance is on the form once its answer is read.
  await expect(page.getByRole('button', { name: /Profile menu/ })).toBeVisible();
  await expect(page.getByText(/Available: [0-9]/).first()).toBeVisible();

  // Every early answer is taken by the app (none left over: the app asked for nothing twice).
  // The session's services (getInfo, the terms status) mount with the rest of the shell, after
  // the first paint: their answers are taken a moment later.
  const leftOver = () =>
    page.evaluate(() => {
      const early = (globalThis as Record<string, unknown>).__qmgtEarlyAnswers as
        { answers: Record<string, unknown> } | undefined;
      if (!early) return null;
      return Object.entries(early.answers)
        .filter(([, answer]) => answer !== undefined)
        .map(([url]) => url);
    });
  await expect.poll(leftOver).toEqual([]);

  const apiGets = sent.filter((req) => req.loaderId === reloadLoader);
  const paths = apiGets.map((req) => req.path);
  for (const path of ['/api/getInfo', '/api/verification/get-personal', '/api/terms/status', '/api/get-qmgt-balance']) {
    expect(
      paths.filter((p) => p === path),
      path,
    ).toHaveLength(1);
  }
  expect(paths.filter((p) => p.startsWith('/api/getAccountAddress/'))).toHaveLength(1);
  // Asked for by the page's own inline script, before any of the app's code ran, as the session.
  const balance = apiGets.find((req) => req.path === '/api/get-qmgt-balance')!;
  expect(new URL(balance.initiator).pathname).toBe('/');
  expect(balance.authorization).toMatch(/^Bearer /);
  expect(violations).toEqual([]);
});

test("a guest gets no early requests and none of the signed-in shell's chunks", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/signin', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => '__qmgtEarlyAnswers' in globalThis)).toBe(false);
  expect(scripts.filter((path) => path.includes('/signed-in'))).toEqual([]);
});

/** When the entry script was asked for, against the first contentful paint (ms since navigation). */
async function entryAgainstPaint(page: Page) {
  const measure = () =>
    page.evaluate(() => {
      const entry = performance
        .getEntriesByType('resource')
        .find((r) => /\/assets\/index-[\w-]+\.js$/.test(new URL(r.name).pathname));
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return entry && paint ? { entryStart: entry.startTime, paint: paint.startTime } : null;
    });
  // A resource's timing is listed once it has loaded; the paint once it has happened.
  await expect.poll(measure).not.toBeNull();
  return (await measure())!;
}

test("a screen's prerendered copy paints before the app's code is asked for; a screen without one asks at once", async ({
  page,
}) => {
  // /signin has a copy (vite-prerender.ts): the entry script is requested after its paint.
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  const signIn = await entryAgainstPaint(page);
  expect(signIn.entryStart).toBeGreaterThanOrEqual(signIn.paint);

  // /register has none: the app's code is asked for while the head is read, before any paint.
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const register = await entryAgainstPaint(page);
  expect(register.entryStart).toBeLessThan(register.paint);
});

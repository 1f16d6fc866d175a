import { test as base, expect } from '@playwright/test';
import { A11yWatch, describeFindings } from './a11y.js';

/**
 * Playwright's `test` with an accessibility audit on every journey: each spec imports `test`
 * and `expect` from here. The audit watches the test's own context and any context the test
 * opens with `browser.newContext` (the operator's back office, a guest, a phone), and fails
 * the test on a serious or critical axe violation on any screen it reached.
 */
export const test = base.extend<{ a11yAudit: A11yWatch }>({
  a11yAudit: [
    async ({ context, browser }, use, testInfo) => {
      const watch = new A11yWatch();
      watch.watchContext(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        watch.watchContext(opened);
        return opened;
      };
      try {
        await use(watch);
      } finally {
        browser.newContext = newContext;
      }
      // A journey that already failed reports its own error; its screens may be half-built.
      if (testInfo.status !== testInfo.expectedStatus) return;
      const findings = await watch.finish();
      if (findings.length > 0) {
        await testInfo.attach('axe-violations', {
          body: JSON.stringify(findings, null, 2),
          contentType: 'application/json',
        });
      }
      expect(findings, `axe: serious or critical violations\n${describeFindings(findings)}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * axe-core over every screen a journey visits (issue 14): each page of a watched browser
 * context is audited once it settles after every navigation (the client routes with
 * pushState, which Playwright reports as a navigation too), and once more at the end of the
 * test for whatever is open then (a dialog, a result). Only serious and critical violations
 * count: axe's "moderate" and "minor" findings are advice, and failing on them would make
 * the suite guard taste rather than access.
 */

export type A11yFinding = {
  url: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
};

const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** Redirects (/ to /signin, a guard's bounce) come in bursts: audit the screen they end on. */
const QUIET_AFTER_NAVIGATION_MS = 400;
/** Pages slide in (0.25 s) and Mantine fades dialogs: contrast is judged after they end. */
const ANIMATIONS_TIMEOUT_MS = 2_000;
/** Looks at a contrast failure after the first: each after the page is still again. */
const CONTRAST_LOOKS = 2;

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page
    .waitForFunction(
      () => {
        const marks = window as unknown as { a11ySettledSince?: number };
        const settled = isSettled();
        if (!settled) marks.a11ySettledSince = undefined;
        else marks.a11ySettledSince ??= performance.now();
        // Still for two polls: a transition's first frame can look settled before it starts.
        return settled && performance.now() - marks.a11ySettledSince! >= 150;

        function isSettled(): boolean {
          // A looping spinner never ends: waiting for it would make every audit of a screen
          // with one run on whatever is half-faded at the timeout.
          const moving = document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
            );
          if (moving) return false;
          // Script-driven fades (motion's page slide, Mantine's transitions) leave their
          // opacity inline; the computed value is the one on screen mid-transition. A text
          // caught half-faded would read as a contrast failure.
          return !Array.from(document.querySelectorAll<HTMLElement>('[style*="opacity"]')).some((element) => {
            const opacity = Number(getComputedStyle(element).opacity);
            return opacity > 0 && opacity < 1;
          });
        }
      },
      undefined,
      { timeout: ANIMATIONS_TIMEOUT_MS, polling: 100 },
    )
    // Something keeps moving: audit what is there after the wait; contrast is confirmed below.
    .catch(() => undefined);
}

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

// Legacy mode runs axe inside the page only: the default opens a blank page in the journey's
// own context to merge frame results, which a journey would see as a new tab.
const axe = (page: Page, rules?: string[]) =>
  (rules ? new AxeBuilder({ page }).withRules(rules) : new AxeBuilder({ page })).setLegacyMode(true).analyze();

const nodeKey = (node: AxeViolation['nodes'][number]) => node.target.join(' ');

/**
 * The selectors (axe's targets, one level deep in the page) whose element is still there and
 * not under an ancestor with an inline opacity between 0 and 1 or a running animation.
 */
function notFading(selectors: string[]): string[] {
  return selectors.filter((selector) => {
    let element: Element | null;
    try {
      element = document.querySelector(selector);
    } catch {
      return true; // A target in a frame or shadow root: not checked here, the finding stands.
    }
    if (!element) return false;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const inline = node instanceof HTMLElement && node.style.opacity !== '';
      const opacity = Number(getComputedStyle(node).opacity);
      if (inline && opacity > 0 && opacity < 1) return false;
      if (node.getAnimations().some((animation) => animation.playState === 'running')) return false;
    }
    return true;
  });
}

async function violationsNow(page: Page): Promise<A11yFinding[]> {
  await settle(page);
  const url = new URL(page.url()).pathname;
  let violations = (await axe(page)).violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  if (violations.length > 0) {
    // A finding must hold on a second look at a still page. Contrast is judged mid-fade
    // otherwise, and a Mantine dialog names itself (aria-labelledby) one effect after it
    // mounts, so an audit landing between the two saw a nameless dialog (CI, kyc hand-off).
    const looks = violations.some((violation) => violation.id === 'color-contrast') ? CONTRAST_LOOKS : 1;
    const rules = violations.map((violation) => violation.id);
    let failing: string[] | undefined;
    for (let look = 0; look < looks; look += 1) {
      await settle(page);
      const again = (await axe(page, rules)).violations.flatMap((violation) =>
        violation.nodes.map((node) => ({ rule: violation.id, key: nodeKey(node) })),
      );
      const contrast = again.filter((finding) => finding.rule === 'color-contrast').map((finding) => finding.key);
      const stillContrast = await page.evaluate(notFading, contrast);
      const steady = again
        .filter((finding) => finding.rule !== 'color-contrast' || stillContrast.includes(finding.key))
        .map((finding) => `${finding.rule} ${finding.key}`);
      failing = (failing ?? steady).filter((key) => steady.includes(key));
    }
    violations = violations
      .map((violation) => ({
        ...violation,
        nodes: violation.nodes.filter((node) => failing!.includes(`${violation.id} ${nodeKey(node)}`)),
      }))
      .filter((violation) => violation.nodes.length > 0);
  }
  return violations.map((violation) => ({
    url,
    rule: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    helpUrl: violation.helpUrl,
    // The check's own words name the cause (e.g. the two colours and their ratio).
    targets: violation.nodes.map(
      (node) => `${nodeKey(node)}: ${node.any[0]?.message ?? node.failureSummary ?? ''} ${node.html.slice(0, 160)}`,
    ),
  }));
}

/** Audits the page as it is now; an empty list when it closed meanwhile. */
export async function auditPage(page: Page): Promise<A11yFinding[]> {
  for (let attempt = 1; ; attempt += 1) {
    if (page.isClosed()) return [];
    const before = page.url();
    try {
      return await violationsNow(page);
    } catch (error) {
      // The journey moved on mid-audit (a navigation replaces the document and the axe
      // script injected into it) or ended: the next screen gets its own audit.
      if (page.isClosed() || page.url() !== before) return [];
      // A reload to the same address does the same; a second failure is a real one.
      if (attempt >= 2) throw error;
    }
  }
}

/** Watches pages of contexts, audits each screen, and reports what it found at the end. */
export class A11yWatch {
  private readonly findings: A11yFinding[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly pages = new Set<Page>();
  private readonly timers = new Map<Page, ReturnType<typeof setTimeout>>();
  /** Audits of one page run one after another: axe refuses to run twice at once in a page. */
  private readonly chains = new Map<Page, Promise<void>>();
  private stopped = false;

  watchContext(context: BrowserContext): void {
    context.pages().forEach((page) => this.watchPage(page));
    context.on('page', (page) => this.watchPage(page));
  }

  private watchPage(page: Page): void {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.scheduleAudit(page);
    });
    page.on('close', () => {
      clearTimeout(this.timers.get(page));
      this.timers.delete(page);
    });
  }

  private scheduleAudit(page: Page): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(page));
    this.timers.set(
      page,
      setTimeout(() => {
        this.timers.delete(page);
        this.enqueue(page);
      }, QUIET_AFTER_NAVIGATION_MS),
    );
  }

  private enqueue(page: Page): void {
    const previous = this.chains.get(page) ?? Promise.resolve();
    const next = previous.then(async () => {
      this.findings.push(...(await auditPage(page)));
    });
    const tracked = next.catch((error: unknown) => {
      // The page moved on while axe ran (a redirect after a submit): the audit of the page it
      // reached is queued by that navigation, so this one is not a finding.
      if (/Execution context was destroyed|navigat/i.test(String(error))) return;
      this.findings.push({
        url: page.isClosed() ? '(closed)' : page.url(),
        rule: 'axe-run-failed',
        impact: 'critical',
        help: String(error),
        helpUrl: '',
        targets: [],
      });
    });
    this.chains.set(page, tracked);
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }

  /** Audits every open page once more, waits for all audits, and returns the distinct findings. */
  async finish(): Promise<A11yFinding[]> {
    for (const [page, timer] of this.timers) {
      clearTimeout(timer);
      this.enqueue(page);
    }
    this.timers.clear();
    for (const page of this.pages) if (!page.isClosed()) this.enqueue(page);
    this.stopped = true;
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    const distinct = new Map<string, A11yFinding>();
    for (const finding of this.findings) {
      distinct.set(`${finding.url} ${finding.rule} ${finding.targets.join(',')}`, finding);
    }
    return [...distinct.values()];
  }
}

export function describeFindings(findings: A11yFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.url}: [${finding.impact}] ${finding.rule}: ${finding.help}\n` +
        finding.targets.map((target) => `    ${target}`).join('\n') +
        (finding.helpUrl ? `\n    ${finding.helpUrl}` : ''),
    )
    .join('\n');
}

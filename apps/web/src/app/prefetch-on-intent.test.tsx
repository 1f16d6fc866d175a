import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';
import { installPrefetchOnIntent } from './prefetch-on-intent';

function setUp() {
  const load = vi.fn(async () => ({ Page: () => <p>Page</p> }));
  const Page = lazyScreen(load, (m) => m.Page);
  const routes: RouteObject[] = [{ path: '/', children: [{ path: 'dashboard', element: <Page /> }] }];
  const uninstall = installPrefetchOnIntent(routes);
  const link = document.createElement('a');
  document.body.append(link);
  return { load, link, uninstall };
}

describe('prefetch on intent', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('loads the screen a link leads to when the pointer rests on it or the keyboard focuses it', () => {
    const { load, link, uninstall } = setUp();
    link.href = '/dashboard';
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    // Loaded once: focus after hover asks for nothing more.
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('leaves links to other screens and other sites alone', () => {
    const { load, link, uninstall } = setUp();
    link.href = '/nothing-here';
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    link.href = 'https://example.com/dashboard';
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    uninstall();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPrefetchOnIntent } from './prefetch-on-intent';

function setUp() {
  // A screen module behind a lazy guard, as /staking is behind RequireUpline.
  const loadGuard = vi.fn(async () => ({}));
  const loadScreen = vi.fn(async () => ({ Component: () => <p>Dashboard</p> }));
  const routes: RouteObject[] = [
    { path: '/', children: [{ lazy: loadGuard, children: [{ path: 'dashboard', lazy: loadScreen }] }] },
  ];
  const uninstall = installPrefetchOnIntent(routes);
  const link = document.createElement('a');
  document.body.append(link);
  return { loadGuard, loadScreen, link, uninstall };
}

describe('prefetch on intent', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("loads the route modules a link leads to (its screen's and its guard's) when the pointer rests on it", () => {
    const { loadGuard, loadScreen, link, uninstall } = setUp();
    link.href = '/dashboard';
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadScreen).toHaveBeenCalledTimes(1);
    expect(loadGuard).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('loads them when the keyboard focuses the link', () => {
    const { loadScreen, link, uninstall } = setUp();
    link.href = '/dashboard';
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(loadScreen).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('leaves links to other screens and other sites alone', () => {
    const { loadScreen, loadGuard, link, uninstall } = setUp();
    link.href = '/nothing-here';
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    link.href = 'https://example.com/dashboard';
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(loadScreen).not.toHaveBeenCalled();
    expect(loadGuard).not.toHaveBeenCalled();
    uninstall();
  });

  it('tries a module whose load failed again at the next intent, without an unhandled rejection', async () => {
    const { loadScreen, link, uninstall } = setUp();
    loadScreen.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    link.href = '/dashboard';
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadScreen).toHaveBeenCalledTimes(1);
    // Once the failure has settled.
    await new Promise((resolve) => setTimeout(resolve, 0));
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadScreen).toHaveBeenCalledTimes(2);
    uninstall();
  });

  it("warms the module a router's link leads to before the click, which then shows the screen", async () => {
    const loadReport = vi.fn(async () => ({ Component: () => <h1>Report</h1> }));
    const routes: RouteObject[] = [
      { path: '/', element: <Link to="/report">Open the report</Link> },
      { path: '/report', lazy: loadReport },
    ];
    const uninstall = installPrefetchOnIntent(routes);
    const user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes)} />);

    await user.hover(screen.getByRole('link', { name: 'Open the report' }));
    expect(loadReport).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: 'Open the report' }));
    expect(await screen.findByRole('heading', { name: 'Report' })).toBeInTheDocument();
    uninstall();
  });
});

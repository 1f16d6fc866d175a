import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, Link, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { reloadDocument } from './reload-document';
import { appRoutes, SCREENS_ROUTE_ID } from './router';
import { withModuleErrors } from './screen-boundary';

// jsdom cannot reload a document: the test sees the ask, then renders afresh as a reload would.
vi.mock('./reload-document', () => ({ reloadDocument: vi.fn() }));

type LoadedRoute = { Component: ComponentType };

/** The app's real table (shell, screens' pending and error states) with `screens` among its screens. */
function routesWith(...screens: RouteObject[]): RouteObject[] {
  const [root] = appRoutes;
  const screensRoute = root?.children?.find((route) => route.id === SCREENS_ROUTE_ID);
  if (!root || root.index || !screensRoute || screensRoute.index) throw new Error('The table has no screens route');
  return withModuleErrors([
    { ...root, children: [{ ...screensRoute, children: [...screens, ...(screensRoute.children ?? [])] }] },
  ]);
}

function renderAt(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function Broken(): never {
  throw new Error('Boom in a screen');
}

describe('router', () => {
  it("keeps react-router's default error screen ('Unexpected Application Error!') for a screen's own error", async () => {
    // React logs the caught error; the screen, not the log, is under test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt(routesWith({ path: '/broken', element: <Broken /> }), '/broken');
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Boom in a screen')).toBeInTheDocument();
    expect(screen.queryByText('This page did not load')).not.toBeInTheDocument();
  });

  it('shows the shell and a pending state while the first screen’s module loads, then the screen', async () => {
    const module = deferred<LoadedRoute>();
    renderAt(routesWith({ path: '/slow', lazy: () => module.promise }), '/slow');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading the page')).toBeInTheDocument();

    module.resolve({ Component: () => <h1>Slow screen</h1> });
    expect(await screen.findByRole('heading', { name: 'Slow screen' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the page')).not.toBeInTheDocument();
  });

  it('keeps the screen shown, saying the next is loading, while a navigation waits for its module', async () => {
    const module = deferred<LoadedRoute>();
    const user = userEvent.setup();
    renderAt(
      routesWith(
        { path: '/here', element: <Link to="/next">Go on</Link> },
        { path: '/next', lazy: () => module.promise },
      ),
      '/here',
    );
    await user.click(await screen.findByRole('link', { name: 'Go on' }));
    expect(await screen.findByLabelText('Loading the page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go on' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');

    module.resolve({ Component: () => <h1>Next screen</h1> });
    expect(await screen.findByRole('heading', { name: 'Next screen' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the page')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });

  it('says so in the shell when a screen’s module fails to load; a reload loads it afresh', async () => {
    const load = vi
      .fn<() => Promise<LoadedRoute>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/flaky.js'))
      .mockResolvedValue({ Component: () => <h1>Flaky screen</h1> });
    const routes = routesWith({ path: '/flaky', lazy: load });
    const user = userEvent.setup();
    const first = renderAt(routes, '/flaky');

    expect(await screen.findByRole('heading', { name: 'This page did not load' })).toBeInTheDocument();
    // Inside the shell: the header and its links stay.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reloadDocument).toHaveBeenCalledTimes(1);
    // The reloaded document: a new router over the same table, nothing of the failure kept.
    first.unmount();
    renderAt(routes, '/flaky');
    expect(await screen.findByRole('heading', { name: 'Flaky screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { appRoutes } from './router';

function Broken(): never {
  throw new Error('Boom in a screen');
}

describe('router', () => {
  it("keeps react-router's default error screen ('Unexpected Application Error!')", async () => {
    // React logs the caught error; the screen, not the log, is under test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [root] = appRoutes;
    const routes: RouteObject[] = [
      {
        path: root?.path,
        element: root?.element,
        children: [{ path: '/broken', element: <Broken /> }, ...(root?.children ?? [])],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/broken'] });
    render(
      <AppProviders queryClient={createQueryClient()} mantineEnv="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Boom in a screen')).toBeInTheDocument();
  });
});

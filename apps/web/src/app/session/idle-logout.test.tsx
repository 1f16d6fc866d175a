import { SESSION_IDLE_MS } from '@qmgt/contracts';
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, useSessionStore } from '@/lib/session-store';
import { buildSession } from '@/testing/factories';
import { testApi } from '@/testing/handlers';
import { currentPath, renderApp, screen } from '@/testing/render-app';

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('idle logout', () => {
  it('signs out after 15 minutes without activity, with a persistent toast, and goes to /signin', async () => {
    const session = buildSession({ kycVerified: 'Verified' });
    const { router } = renderApp('/dashboard', { session, fakeTimers: true });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    // The fake clock also follows real time (shouldAdvanceTime): on a loaded machine the first
    // render alone can take seconds. A mouse move restarts the 15 minutes from here, and the
    // margin before them is wide enough for the real time the advances themselves take.
    fireEvent.mouseMove(document);

    await advance(SESSION_IDLE_MS - 30_000);
    expect(useSessionStore.getState().isAuthenticated).toBe(true);

    await advance(30_000);
    expect(await screen.findByText('Idle Logout')).toBeInTheDocument();
    expect(screen.getByText('You have been logged out due to inactivity.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/signin');
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(SESSION_STORAGE_KEY) ?? '').not.toContain(session.jwt);
    expect(testApi.calls.find((call) => call.path === '/auth/logout')?.authorization).toBe(`Bearer ${session.jwt}`);

    // The warning is never dismissed automatically.
    await advance(60_000);
    expect(screen.getByText('You have been logged out due to inactivity.')).toBeInTheDocument();
  });

  it.each([
    ['mouse move', () => fireEvent.mouseMove(document)],
    ['key press', () => fireEvent.keyDown(document, { key: 'a' })],
    ['click', () => fireEvent.mouseDown(document)],
  ])('restarts the 15 minutes on %s', async (_activity, act_) => {
    renderApp('/', { session: buildSession(), fakeTimers: true });
    expect(await screen.findByRole('heading', { name: 'Swap' })).toBeInTheDocument();

    await advance(SESSION_IDLE_MS - 60_000);
    act_();
    await advance(SESSION_IDLE_MS - 60_000);
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
    expect(screen.queryByText('Idle Logout')).not.toBeInTheDocument();

    await advance(60_000);
    expect(await screen.findByText('Idle Logout')).toBeInTheDocument();
  });

  it('does not run for guests', async () => {
    renderApp('/', { fakeTimers: true });
    await advance(SESSION_IDLE_MS * 2);
    expect(screen.queryByText('Idle Logout')).not.toBeInTheDocument();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { notifySuccess, showToast, TOAST_AUTO_CLOSE_MS, TOAST_HOLD_LIMIT_MS } from '@/lib/notify';
import { AppProviders } from './providers';
import { MOBILE_MEDIA_QUERY } from './theme';

/* Issue 23: a success toast lay over the KYC form's next button at 360 px for minutes. */

const desktopMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = desktopMatchMedia;
});

/** The window as a phone's: the mobile query matches. */
function asPhone() {
  window.matchMedia = (query: string) => ({ ...desktopMatchMedia(query), matches: query === MOBILE_MEDIA_QUERY });
}

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

function renderShell() {
  render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <main>
        <button type="button">Next</button>
      </main>
    </AppProviders>,
  );
}

describe('toasts', () => {
  it('close by themselves within a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderShell();
    act(() => notifySuccess('Your personal details have been submitted.'));
    expect(await screen.findByText('Your personal details have been submitted.')).toBeInTheDocument();
    await advance(TOAST_AUTO_CLOSE_MS + 500);
    expect(screen.queryByText('Your personal details have been submitted.')).not.toBeInTheDocument();
  });

  it('close even when a tap (a pointer that never leaves) paused them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    asPhone();
    renderShell();
    act(() => notifySuccess('Saved.'));
    const toast = (await screen.findByText('Saved.')).closest<HTMLElement>('[role="alert"]')!;
    fireEvent.mouseEnter(toast);
    await advance(TOAST_AUTO_CLOSE_MS + 500);
    // Mantine's own timer is paused by the "hover"...
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    await advance(TOAST_HOLD_LIMIT_MS);
    // ...but the toast goes a few seconds later all the same.
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it("on a phone, sit at the top, away from the form's buttons, two at most", async () => {
    asPhone();
    renderShell();
    act(() => {
      for (const n of [1, 2, 3]) notifySuccess(`Toast ${n}`);
    });
    const first = await screen.findByText('Toast 1');
    expect(first.closest('[data-position]')).toHaveAttribute('data-position', 'top-center');
    expect(screen.getByText('Toast 2')).toBeInTheDocument();
    expect(screen.queryByText('Toast 3')).not.toBeInTheDocument();
  });

  it('on a wide screen, sit at the bottom right, clear of the header', async () => {
    renderShell();
    act(() => notifySuccess('Wide'));
    const toast = await screen.findByText('Wide');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
  });

  it('a toast that must be dismissed on purpose stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderShell();
    act(() => showToast({ message: 'You have been logged out.', autoClose: false }));
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    await advance(60_000);
    expect(screen.getByText('You have been logged out.')).toBeInTheDocument();
  });
});

import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp, screen } from '@/testing/render-app';

describe('unknown path', () => {
  it("shows 'Waiting..' for 1.5 s, then 'Page Not Found' with a way home", async () => {
    const { user, router } = renderApp('/no-such-page', { fakeTimers: true });

    expect(screen.getByText('Waiting..')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByText('Waiting..')).toBeInTheDocument();
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByText('Waiting..')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Homepage' }));
    expect(currentPath(router)).toBe('/');
  });
});

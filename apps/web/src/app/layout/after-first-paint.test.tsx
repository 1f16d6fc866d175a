import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: the test setup marks the shared one as long past its first paint. */
async function freshGate() {
  vi.resetModules();
  return (await import('./after-first-paint')).useAfterFirstPaint;
}

describe('the first paint gate (what the signed-in shell shows after the screen)', () => {
  it('is false while the first screen renders, true once it has painted, and stays true', async () => {
    const useAfterFirstPaint = await freshGate();
    const seen: boolean[] = [];
    function Probe({ name }: { name: string }) {
      seen.push(useAfterFirstPaint());
      return <p>{`${name}: ${seen.at(-1) ? 'after' : 'first paint'}`}</p>;
    }
    render(<Probe name="first" />);
    expect(seen[0]).toBe(false);
    expect(screen.getByText('first: first paint')).toBeInTheDocument();
    expect(await screen.findByText('first: after')).toBeInTheDocument();

    // A part mounted later (another screen) does not wait again.
    render(<Probe name="later" />);
    expect(screen.getByText('later: after')).toBeInTheDocument();
  });

  it("waits for the parts' chunks too, so they render without a fallback; a later mount does not wait", async () => {
    const useAfterFirstPaint = await freshGate();
    let arrive: () => void = () => undefined;
    const load = () => new Promise<void>((resolve) => (arrive = resolve));
    function Parts() {
      return <p>{useAfterFirstPaint(load) ? 'parts shown' : 'parts waiting'}</p>;
    }
    const { unmount } = render(<Parts />);
    expect(screen.getByText('parts waiting')).toBeInTheDocument();
    // Painted, the chunks still on their way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('parts waiting')).toBeInTheDocument();
    arrive();
    expect(await screen.findByText('parts shown')).toBeInTheDocument();
    unmount();
    render(<Parts />);
    expect(screen.getByText('parts shown')).toBeInTheDocument();
  });
});

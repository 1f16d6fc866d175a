import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './after-first-paint';

function Probe({ name }: { name: string }) {
  return <p>{`${name}: ${useAfterFirstPaint() ? 'after' : 'first paint'}`}</p>;
}

describe('the first paint gate (what the signed-in shell shows after the screen)', () => {
  it('is false while the first screen renders, true once it has painted, and stays true', async () => {
    const seen: boolean[] = [];
    function Recorder() {
      seen.push(useAfterFirstPaint());
      return null;
    }
    render(
      <>
        <Probe name="first" />
        <Recorder />
      </>,
    );
    expect(seen[0]).toBe(false);
    expect(screen.getByText('first: first paint')).toBeInTheDocument();
    expect(await screen.findByText('first: after')).toBeInTheDocument();

    // A part mounted later (another screen) does not wait again.
    render(<Probe name="later" />);
    expect(screen.getByText('later: after')).toBeInTheDocument();
  });

  it("waits for the parts' chunks too, so they render without a fallback; a later mount does not wait", async () => {
    vi.resetModules();
    const fresh = await import('./after-first-paint');
    let arrive: () => void = () => undefined;
    const load = () => new Promise<void>((resolve) => (arrive = resolve));
    function Parts() {
      return <p>{fresh.useAfterFirstPaint(load) ? 'parts shown' : 'parts waiting'}</p>;
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

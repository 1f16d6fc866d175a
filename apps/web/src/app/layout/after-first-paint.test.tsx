import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});

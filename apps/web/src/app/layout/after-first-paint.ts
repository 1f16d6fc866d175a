import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * Whether the page has painted its first screen. The signed-in shell's secondary parts (the
 * header's actions, the sidebar, closed drawers and modals, the session's services) wait for it:
 * on a slow phone their code and rendering would otherwise come before the screen the visitor
 * opened (issue 14). Once true it stays true, so parts mounted later never wait.
 */
let painted = false;
const listeners = new Set<() => void>();
let scheduled = false;

function markPainted() {
  painted = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** A page long past its first paint, for tests of everything but the wait (testing/setup-tests.ts). */
export function assumeFirstPaintDone(): void {
  painted = true;
}

const FCP = 'first-contentful-paint';

/**
 * The browser reports its first contentful paint in a task after that paint (Paint Timing);
 * without that report, a task queued from a frame callback (which runs just before a paint)
 * runs after it. Hidden tabs paint nothing: a timer stands in for them.
 */
function scheduleAfterPaint() {
  if (scheduled || painted) return;
  scheduled = true;
  if (document.visibilityState === 'hidden') {
    setTimeout(markPainted, 0);
    return;
  }
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName(FCP).length) return;
      observer.disconnect();
      markPainted();
    });
    // Buffered: a paint that happened before this subscribed is reported too.
    observer.observe({ type: 'paint', buffered: true });
    return;
  }
  requestAnimationFrame(() => setTimeout(markPainted, 0));
}

function onPainted(listener: () => void): () => void {
  if (painted) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  scheduleAfterPaint();
  return () => listeners.delete(listener);
}

/**
 * False during the render of the first screen, true from after it was painted and `load` (the
 * parts' chunks) has settled: they then render at once, with no Suspense fallback to wait out
 * (React holds a fallback's replacement back on a timer). The switch is a transition: React
 * renders what it reveals in slices between which the page stays responsive, not as one long
 * task right after the first paint.
 */
export function useAfterFirstPaint(load?: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(painted);
  const loadRef = useRef(load);
  useEffect(() => {
    if (ready) return undefined;
    let live = true;
    const cancel = onPainted(() => {
      void Promise.allSettled([loadRef.current?.()]).then(() => {
        if (live) startTransition(() => setReady(true));
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [ready]);
  return ready;
}

import { startTransition, useEffect, useState } from 'react';

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

/**
 * A frame callback runs just before the next paint; a task queued from it runs after that paint.
 * Hidden tabs get no frames, so a timer stands in for them.
 */
function scheduleAfterPaint() {
  if (scheduled || painted) return;
  scheduled = true;
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    setTimeout(markPainted, 0);
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
 * False during the render of the first screen, true from the frame after it was painted. The
 * switch is a transition: React renders what it reveals in slices between which the page stays
 * responsive, not as one long task right after the first paint.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return undefined;
    return onPainted(() => startTransition(() => setReady(true)));
  }, [ready]);
  return ready;
}

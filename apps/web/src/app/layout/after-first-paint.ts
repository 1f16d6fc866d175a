import { useSyncExternalStore } from 'react';

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

function subscribe(listener: () => void) {
  if (painted) return () => undefined;
  listeners.add(listener);
  scheduleAfterPaint();
  return () => listeners.delete(listener);
}

const snapshot = () => painted;

/** False during the render of the first screen, true from the frame after it was painted. */
export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { MotionGlobalConfig } from 'motion/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './server';
import { resetTestApi } from './handlers';

// findBy* waits up to 5 s (default 1 s): whole-app renders are slow when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

// Page transitions would otherwise hold content at opacity 0 under fake timers.
MotionGlobalConfig.skipAnimations = true;

// jsdom lacks these browser APIs that Mantine relies on (Mantine's documented test setup).
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => undefined;
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// jsdom has no object URLs (picture previews, downloads): a counter stands in for them.
let objectUrls = 0;
URL.createObjectURL = () => `blob:test-${(objectUrls += 1)}`;
URL.revokeObjectURL = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  resetTestApi();
});
afterEach(async () => {
  cleanup();
  // Toasts live in a module-level store that outlives the rendered tree.
  act(() => notifications.clean());
  // A form that goes away sends its pending draft: let such last requests land here, in this
  // test's fake API, rather than in the next test's fresh one.
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 25));
  server.resetHandlers();
  resetTestApi();
});
afterAll(() => server.close());

import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { assumeFirstPaintDone } from '@/app/layout/after-first-paint';
import { preloadAllLazyComponents } from '@/app/lazy-component';
import { preloadQrCode } from '@/components/ui/qr-code';
import { server } from './server';
import { resetTestApi } from './handlers';
import { loadAppRoutes } from './loaded-routes';

// findBy* waits up to 5 s (default 1 s): whole-app renders are slow when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

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

// Screens (route modules, app/router.tsx) and parts of the shell (app/lazy-component.tsx) are
// chunks loaded on first use. Tests render a route and look at it at once, as the built app shows
// its first screen once loaded (main.tsx): load them all first (testing/loaded-routes.ts).
beforeAll(async () => {
  await Promise.all([loadAppRoutes(), preloadQrCode()]);
  await preloadAllLazyComponents();
  // As on a page long past its first paint: the shell renders whole (after-first-paint.test.tsx
  // tests the wait itself, on a fresh copy of the module).
  assumeFirstPaintDone();
}, 60_000);
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

// Vitest setup of the 'web' project: unmount after each test, and give jsdom what Radix expects.
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/web/lib/use-toast.ts';
// The app root connects the accessible menu to the permission checks; a test renders pages without the root.
import '@/web/app/connect-permissions.ts';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
}

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Pointer capture and scrolling are missing from jsdom; Radix calls them on pointer events.
const elementPrototype = window.HTMLElement.prototype as HTMLElement & Record<string, unknown>;
elementPrototype.hasPointerCapture ??= () => false;
elementPrototype.setPointerCapture ??= () => {};
elementPrototype.releasePointerCapture ??= () => {};
elementPrototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  // The toast store lives for the module's lifetime: close what a test left open.
  act(() => dismissToast());
  vi.unstubAllGlobals();
  // Spies on shared objects (the page load, the photo resizer) end with the test: files share a worker (decision 0018).
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.localStorage.clear();
  document.documentElement.className = '';
});

// The window's width as the toolkit asks for it (matchMedia '(max-width: 767px)'): a test of the phone layout says
// `setPhoneWidth()`; the web setup unstubs globals after each test, so the next test is at the desktop width again.
import { vi } from 'vitest';

export function setPhoneWidth(phone = true): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: phone && query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

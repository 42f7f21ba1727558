// Radix dialogs give the focus back on close only to their own Trigger (the modal content's onCloseAutoFocus).
// Most dialogs here are opened from state — a row's edit button, a toolbar button, a menu — so the focus fell to
// <body> when they closed and a keyboard user started again from the top of the page (WCAG 2.4.3 focus order).
// These handlers give it back to the element that had it when the dialog opened, unless the closing code has
// already put it somewhere on purpose or that element is gone.
import { useRef } from 'react';

type AutoFocusHandler = ((event: Event) => void) | undefined;

export function useReturnFocus(onOpenAutoFocus: AutoFocusHandler, onCloseAutoFocus: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Runs before Radix moves the focus into the dialog, so this is still the opener.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      const active = document.activeElement;
      if (active !== null && active !== document.body) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}

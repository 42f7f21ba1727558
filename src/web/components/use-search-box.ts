// A search box of the toolkit (issue 20): the text shows every keystroke at once, the search is applied after the
// typing pauses, and clearing it (a filter reset) also drops a search still waiting for its pause — before, each
// page kept its own text and timer, and a search typed just before 'Скинути фільтри' came back under an empty box.
import { useState } from 'react';
import { useDebouncer } from '@/web/lib/use-debounced-action.ts';

export const SEARCH_DELAY_MS = 300;

export interface SearchBox {
  /** What the box shows. */
  text: string;
  /** A keystroke: shown now, `apply`-ed with the trimmed text after the pause. */
  change(text: string): void;
  /** Empties the box and forgets a search still waiting. */
  clear(): void;
  /** Shows a search that came from elsewhere (the address, a link) without applying it again. */
  show(text: string): void;
}

export function useSearchBox(
  initial: string,
  apply: (search: string) => void,
  delay: number = SEARCH_DELAY_MS,
): SearchBox {
  const [text, setText] = useState(initial);
  const debounce = useDebouncer(delay);
  return {
    text,
    change(next) {
      setText(next);
      debounce.run(() => apply(next.trim()));
    },
    clear() {
      debounce.cancel();
      setText('');
    },
    show(next) {
      debounce.cancel();
      setText(next);
    },
  };
}

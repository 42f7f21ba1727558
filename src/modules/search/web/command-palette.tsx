// The command palette (issue 21): Ctrl+K / Cmd+K (or the header's search button, for a mouse, a finger or a phone)
// opens one search over documents, counterparties, items, serials and workers. The typing is searched after a pause;
// the answer comes grouped, each group only for a user who may view its page (the server decides). The arrows move
// through the hits, Enter opens the record's page (a full page load, as every navigation of the app, spec §2 — so a
// page already open still opens the record's drawer from its address), Esc closes.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loader2Icon, SearchIcon } from 'lucide-react';
import { Button } from '@/web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog.tsx';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { navigateWithPageLoad } from '@/web/lib/navigation.ts';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { cn } from '@/web/lib/utils.ts';
import { SEARCH_QUERY_MAX } from '../search.constants.ts';
import type { SearchHit } from '../search.contract.ts';
import { searchEndpoints } from '../search.endpoints.ts';
import { searchGroupTitles, searchMessages as m } from '../search.messages.ts';

const SEARCH_DELAY_MS = 250;
/** A search asked again within this time is answered from memory; after it, asked anew (the data moves). */
const FRESH_MS = 30_000;

/** Ctrl+K, or Cmd+K on a Mac — by the key's place, so a Ukrainian layout (where it types 'л') opens it too. */
function isPaletteShortcut(event: globalThis.KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    // Chrome's autofill sends a keydown without a key.
    (event.code === 'KeyK' || event.key?.toLowerCase() === 'k')
  );
}

/** The header's search button and the palette it opens; mounted once in the signed-in shell. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="h-9 gap-2 px-2.5 text-muted-foreground md:w-56 md:justify-start"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        title={m.openHint}
      >
        <SearchIcon aria-hidden="true" />
        {/* The button's name is its text: shown from md up, read by a screen reader on a phone too. */}
        <span className="sr-only md:not-sr-only">{m.open}</span>
        <kbd
          aria-hidden="true"
          className="ml-auto hidden rounded border bg-muted px-1.5 font-mono text-[10px] md:inline"
        >
          {m.shortcut}
        </kbd>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {/* Mounted only while open: each opening starts with an empty box. */}
        {open ? <PaletteBody /> : null}
      </Dialog>
    </>
  );
}

interface Option {
  id: string;
  hit: SearchHit;
}

function PaletteBody() {
  const baseId = useId();
  const [asked, setAsked] = useState('');
  const [active, setActive] = useState(0);
  const searchBox = useSearchBox('', ask, SEARCH_DELAY_MS);

  const input = { query: { q: asked } };
  const result = useQuery({
    queryKey: endpointKey(searchEndpoints.search, input),
    queryFn: () => callEndpoint(searchEndpoints.search, input),
    enabled: asked !== '',
    staleTime: FRESH_MS,
    gcTime: FRESH_MS,
  });
  const groups = asked !== '' ? (result.data?.groups ?? []) : [];
  const options: Option[] = [];
  const grouped = groups.map((group) => ({
    key: group.key,
    options: group.hits.map((hit) => {
      const option = { id: `${baseId}-${group.key}-${hit.id}`, hit };
      options.push(option);
      return option;
    }),
  }));
  const current = options.length ? Math.min(active, options.length - 1) : -1;
  const activeId = current >= 0 ? options[current]!.id : undefined;

  useEffect(() => {
    if (!activeId) return;
    // jsdom has no scrollIntoView; a browser brings the active hit into the list's view.
    document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function ask(value: string) {
    setAsked(value);
    setActive(0);
  }

  function go(option: Option | undefined) {
    if (option) navigateWithPageLoad(option.hit.url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Typed faster than the pause (a pasted number, a scanner): search it first rather than open a stale hit.
      if (searchBox.text.trim() !== asked) ask(searchBox.text.trim());
      else go(options[current]);
    }
  }

  const listId = `${baseId}-list`;
  const typed = searchBox.text.trim() !== '';
  let state: string | null = null;
  if (!typed) state = m.typeToSearch;
  else if (asked === '' || result.isPending) state = m.loading;
  else if (result.isError) state = m.error;
  else if (!options.length) state = m.empty;

  return (
    <DialogContent
      className="top-4 max-h-[calc(100dvh-2rem)] translate-y-0 grid-rows-[auto_1fr_auto] gap-0 overflow-hidden p-0 sm:top-[12vh] sm:max-w-xl"
      showCloseButton={false}
    >
      <DialogTitle className="sr-only">{m.title}</DialogTitle>
      <DialogDescription className="sr-only">{m.description}</DialogDescription>
      <div className="flex items-center gap-2 border-b px-3">
        {result.isFetching ? (
          <Loader2Icon className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden="true" />
        ) : (
          <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        )}
        <input
          className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
          role="combobox"
          aria-label={m.inputLabel}
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={m.placeholder}
          value={searchBox.text}
          onChange={(event) => searchBox.change(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="min-h-0 overflow-y-auto overscroll-contain p-2">
        {state ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground" role="status">
            {state}
          </p>
        ) : null}
        <div id={listId} role="listbox" aria-label={m.results} hidden={!options.length}>
          {grouped.map((group) => (
            <div key={group.key} role="group" aria-labelledby={`${baseId}-${group.key}`} className="pb-1">
              <div id={`${baseId}-${group.key}`} className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
                {searchGroupTitles[group.key]}
              </div>
              {group.options.map((option) => (
                <div
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={option.id === activeId}
                  className={cn(
                    'flex cursor-pointer flex-col rounded-md px-2 py-1.5 text-sm',
                    option.id === activeId && 'bg-accent text-accent-foreground',
                  )}
                  // The input keeps the focus (and the keys): a click picks without taking it.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(options.indexOf(option))}
                  onClick={() => go(option)}
                >
                  <span className="truncate font-medium">{option.hit.title}</span>
                  {option.hit.detail ? (
                    <span className="truncate text-xs text-muted-foreground">{option.hit.detail}</span>
                  ) : null}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
      <p className="hidden border-t px-3 py-2 text-xs text-muted-foreground sm:block">{m.keys}</p>
    </DialogContent>
  );
}

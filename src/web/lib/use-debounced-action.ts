import { useCallback, useEffect, useRef } from 'react';

/** Runs the latest scheduled action once `delay` ms have passed without another one; `cancel` drops the one waiting. */
export function useDebouncer(delay: number): { run: (action: () => void) => void; cancel: () => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = useCallback(
    (action: () => void) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(action, delay);
    },
    [delay],
  );
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  return { run, cancel };
}

/** `useDebouncer`'s `run` alone, for a field nothing resets (a quantity typed into a calculator). */
export function useDebouncedAction(delay: number): (action: () => void) => void {
  return useDebouncer(delay).run;
}

import { useCallback, useEffect, useRef } from 'react';

/** Runs the latest scheduled action once `delay` ms have passed without another one (search boxes). */
export function useDebouncedAction(delay: number): (action: () => void) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (action: () => void) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(action, delay);
    },
    [delay],
  );
}

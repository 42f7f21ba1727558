// Light or dark theme, saved in localStorage `theme` (spec §4). public/theme-init.js applies the initial
// value before the first paint; these helpers read and change it afterwards.
import { useCallback, useState } from 'react';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'theme';

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/**
 * A switch changes every colour at once: transitions are held off for it, so two hundred rows do not fade one by
 * one through colours that are neither theme's (and a contrast check does not read one half-way).
 */
export function applyTheme(theme: Theme): void {
  const hold = document.createElement('style');
  hold.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(hold);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  // Reading a computed style applies the new colours while transitions are off; then they are allowed again.
  void window.getComputedStyle(document.body).color;
  hold.remove();
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be unavailable (privacy mode); the choice then lasts until the page is left.
  }
}

export function useTheme() {
  const [theme, setThemeState] = useState<Theme>(currentTheme);
  const setTheme = useCallback((next: Theme) => {
    applyTheme(next);
    setThemeState(next);
  }, []);
  const toggleTheme = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), [setTheme]);
  return { theme, setTheme, toggleTheme };
}

/** A full page load (spec §2: signing in and the sidebar navigate this way), so the app starts fresh. */
export function navigateWithPageLoad(path: string): void {
  window.location.href = path;
}

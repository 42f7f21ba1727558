/** Spec §2: navigation is a full page load. An object, so that a test can watch `assign` (jsdom cannot navigate). */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** A full page load (signing in and the sidebar navigate this way), so the app starts fresh. */
export function navigateWithPageLoad(path: string): void {
  pageNavigation.assign(path);
}

// Sets the theme before the first paint (spec §4): the saved choice, else the system preference.
// A file rather than an inline script because the server's CSP allows only script-src 'self'.
(function () {
  var dark = false;
  try {
    var saved = window.localStorage.getItem('theme');
    dark =
      saved === 'dark' ||
      (saved !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    // Storage may be unavailable (privacy mode); the light theme is used.
  }
  document.documentElement.classList.toggle('dark', dark);
})();

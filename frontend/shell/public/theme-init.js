// The theme the user chose (src/theme/theme.ts), set before the first paint; without one the system's applies.
// A file, not an inline script: the gateway's Content-Security-Policy allows scripts of this origin only.
try {
  const theme = localStorage.getItem('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // No storage (private mode, blocked): the system's theme.
}

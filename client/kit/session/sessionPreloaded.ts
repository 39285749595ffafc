/**
 * Whether the page's preloaded `GET /api/auth/me` (`<link rel="preload">` in client/index.html) has already been
 * answered: the app's own question, asked as it starts, is then answered at once from it (docs/performance.md).
 * Read from the browser's Resource Timing; false where there is none (the build's pre-rendering, old browsers).
 */
export function sessionPreloaded(): boolean {
  if (typeof window === 'undefined' || typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') return false;
  const url = new URL('/api/auth/me', window.location.href).href;
  return performance.getEntriesByName(url, 'resource').some((entry) => (entry as PerformanceResourceTiming).responseEnd > 0);
}

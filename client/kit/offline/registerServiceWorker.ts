/**
 * Registers the service worker of the production build (client/serviceWorker/sw.ts, built by vite-plugin-pwa)
 * once the page has loaded, so its downloads never compete with the first screen's. A browser without service
 * workers, or one that refuses this one, simply goes on without offline pages: nothing for the visitor to see.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

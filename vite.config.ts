import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderAndCompress } from './scripts/prerender.ts';

export default defineConfig(({ command }) => ({
  root: 'client',
  resolve: {
    // react-router 7 points every import condition at its development build: a production bundle ran its
    // development warnings and checks on every render. The build takes its production build (docs/performance.md).
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : [],
  },
  plugins: [
    react(),
    // The service worker (client/serviceWorker/sw.ts) and the web app manifest. Registered by main.tsx; the web
    // host writes PORTAL_NAME into the manifest's names (server/web/pages.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'serviceWorker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        name: 'Koinonia',
        short_name: 'Koinonia',
        description: 'Eventos e escalas da rede de ministérios',
        lang: 'pt-BR',
        start_url: '/events',
        scope: '/',
        display: 'standalone',
        background_color: '#f5f3ee',
        theme_color: '#172649',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      includeManifestIcons: false,
      injectManifest: {
        // The app shell: every script and style sheet (the lazily loaded ones too: a member may open them offline)
        // and the icons. Pages are not precached: the service worker keeps them as it fetches them. Nor is the
        // manifest, whose name the web host writes from its configuration.
        globPatterns: ['**/*.{js,css,svg,png}'],
        globIgnores: ['sw.js', 'prerendered/**'],
      },
      integration: {
        beforeBuildServiceWorker: (options) => {
          const entries = options.injectManifest.additionalManifestEntries ?? [];
          options.injectManifest.additionalManifestEntries = entries.filter((entry) => (typeof entry === 'string' ? entry : entry.url) !== 'manifest.webmanifest');
        },
      },
    }),
    prerenderAndCompress(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress.ts';
import { routePreloadPages } from './build/route-preloads.ts';

// The API listens on 3000 in development; in production it serves this build on the same origin.
const DEV_API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreloadPages(), precompress()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: DEV_API_ORIGIN, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contract's modules only declare values (schemas, texts, paths): one the app does
      // not use may be left out, so a screen that needs its texts does not also load every
      // zod schema beside them (docs/decisions/031-a-light-first-visit-the-sign-in.md).
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Libraries that change rarely get chunks of their own, so a release of the
        // app's code does not make browsers download them again. Screens stay lazy.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
          ],
        },
      },
    },
  },
});

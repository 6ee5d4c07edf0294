/** Vite build and dev-server configuration of the web app. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { arcoStyles } from './vite-plugins/arco-styles.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { pureContracts } from './vite-plugins/pure-contracts.ts';

/** Where the dev and preview servers forward API calls; the API server listens on 8080 by default. */
const apiTarget = process.env.DEV_PROXY_TARGET ?? 'http://localhost:8080';

// `^/ai/` rather than `/ai`: the landing page itself lives at /ai and must stay with Vite.
const proxiedPrefixes = ['/agent', '^/ai/', '/activity', '/dev', '/static'];
const proxy = Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]));

export default defineConfig({
  plugins: [arcoStyles(), pureContracts(), react(), precompress()],
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // React, React DOM and the router change least often: a chunk of their own stays cached across releases.
        // Other libraries go with the lazy chunks that use them, so a page downloads only its own: each page is a
        // chunk (route-table.tsx), and xgplayer, ECharts, QR codes, tus and driver.js are imported where used. zod is
        // loaded only by the forms that validate in the browser: the contracts' schemas no page reads are dropped
        // (vite-plugins/pure-contracts.ts).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});

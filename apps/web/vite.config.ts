/** Vite build and dev-server configuration of the web app. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { arcoMenuWithoutLayout, nativeResizeObserver } from './vite-plugins/arco-trim.ts';
import { arcoStyles } from './vite-plugins/arco-styles.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { pureContracts } from './vite-plugins/pure-contracts.ts';

/** Where the dev and preview servers forward API calls; the API server listens on 8080 by default. */
const apiTarget = process.env.DEV_PROXY_TARGET ?? 'http://localhost:8080';

// `^/ai/` rather than `/ai`: the landing page itself lives at /ai and must stay with Vite.
const proxiedPrefixes = ['/agent', '^/ai/', '/activity', '/dev', '/static'];
const proxy = Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]));

export default defineConfig({
  plugins: [arcoStyles(), arcoMenuWithoutLayout(), nativeResizeObserver(), pureContracts(), react(), precompress()],
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // A first page should download little, in few files: over HTTP/1.1 each file costs a round trip and a
        // kilobyte of headers. Every page and single-page layout is its own lazy chunk (route-table.tsx); xgplayer,
        // ECharts, QR codes, tus and driver.js are imported where used. Beside them:
        // - react: React, React DOM and the router, which change least often, stay cached across releases;
        // - zod: loaded only by the forms that validate in the browser (the contracts' schemas no page reads are
        //   dropped, vite-plugins/pure-contracts.ts);
        // - app: all the entry needs (shell, default layout, API client, texts, Arco's core) in one file;
        // - controls: the Arco form controls most pages use (inputs, selects, tabs, pagination, tags), shared by them;
        // - shared: the components and small helpers several lazy pages use, in one file rather than many tiny ones.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'app', tags: ['$initial'] },
            {
              name: 'controls',
              test: /@arco-design[\\/]web-react[\\/]es[\\/](Input|InputTag|Select|Tabs|Pagination|Checkbox|Tag|Skeleton|_class)[\\/]/,
            },
            {
              name: 'shared',
              test: /[\\/]src[\\/](components[\\/]|lib[\\/](format\.ts$|task[\\/]))/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});

/** Vite build and dev-server configuration of the web app. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { arcoStyles } from './vite-plugins/arco-styles.ts';
import { precompress } from './vite-plugins/precompress.ts';

/** Where the dev and preview servers forward API calls; the API server listens on 8080 by default. */
const apiTarget = process.env.DEV_PROXY_TARGET ?? 'http://localhost:8080';

// `^/ai/` rather than `/ai`: the landing page itself lives at /ai and must stay with Vite.
const proxiedPrefixes = ['/agent', '^/ai/', '/activity', '/dev', '/static'];
const proxy = Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]));

export default defineConfig({
  plugins: [arcoStyles(), react(), precompress()],
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app, so they get chunks of their own that stay cached across
        // releases. Arco is left out: each lazy page should bring only the Arco components it uses. xgplayer is left
        // out too: the video player imports it on demand, so pages without a video never download it. So are ECharts,
        // zrender and their tslib (only the income chart loads them) and dayjs plugins (Arco's date pickers pull in
        // several; each plugin goes with the first chunk that needs it).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'vendor',
              test: /node_modules[\\/](?!@arco-design[\\/]|xgplayer[\\/]|echarts[\\/]|zrender[\\/]|tslib[\\/]|dayjs[\\/]plugin[\\/])/,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});

/** Vite build and dev-server configuration of the web app. */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { arcoStyles } from './vite-plugins/arco-styles';

/** Where the dev and preview servers forward API calls; the API server listens on 8080 by default. */
const apiTarget = process.env.DEV_PROXY_TARGET ?? 'http://localhost:8080';

// `^/ai/` rather than `/ai`: the landing page itself lives at /ai and must stay with Vite.
const proxiedPrefixes = ['/agent', '^/ai/', '/activity', '/dev', '/static'];
const proxy = Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]));

export default defineConfig({
  plugins: [arcoStyles(), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: { outDir: 'dist' },
  server: { proxy },
  preview: { proxy },
});
